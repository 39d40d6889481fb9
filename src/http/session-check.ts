import type { AdminUserDoc } from '../projections/admin-users';
import { ADMIN_USERS } from '../projections/admin-users';
import type { EndedSessionDoc } from '../projections/sessions';
import { ENDED_SESSIONS } from '../projections/sessions';
import type { UserDoc } from '../projections/users';
import { USERS } from '../projections/users';
import type { ReadStore } from '../read-store/port';
import type { SessionClaims } from './session';

/**
 * Whether a validly signed session still stands: its account exists, its
 * session version has not moved on (a password change, reset or an
 * administrator's action raises it), and it was not signed out. Checked on
 * every HTTP request and Socket.IO handshake that carries a session cookie.
 */
export function createSessionCheck(readStore: ReadStore): (claims: SessionClaims) => Promise<boolean> {
  const users = readStore.collection<UserDoc>(USERS);
  const admins = readStore.collection<AdminUserDoc>(ADMIN_USERS);
  const ended = readStore.collection<EndedSessionDoc>(ENDED_SESSIONS);
  const accountStands = async (claims: SessionClaims) => {
    switch (claims.kind) {
      case 'user': {
        const user = await users.findOne({ _id: claims.subject }, { projection: { sessionVersion: 1 } });
        return user !== null && user.sessionVersion === claims.version;
      }
      case 'admin': {
        // A deactivation raises the version too; isActive is checked as well so no replay order can revive a session.
        const admin = await admins.findOne({ _id: claims.subject }, { projection: { isActive: 1, sessionVersion: 1 } });
        return admin !== null && admin.isActive && admin.sessionVersion === claims.version;
      }
    }
  };
  return async (claims) => {
    const [stands, signedOut] = await Promise.all([accountStands(claims), ended.findOne({ _id: claims.sessionId }, { projection: { _id: 1 } })]);
    return stands && signedOut === null;
  };
}

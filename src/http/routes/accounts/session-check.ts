import { findAdminUser } from '../../../projections/admin/admin-users-queries';
import { isSessionEnded } from '../../../projections/sessions/sessions-queries';
import { findUser } from '../../../projections/accounts/users-queries';
import type { ReadStore } from '../../../read-store/port';
import type { SessionClaims } from '../../session';

/**
 * Whether a validly signed session still stands: its account exists, its
 * session version has not moved on (a password change, reset or an
 * administrator's action raises it), and it was not signed out. Checked on
 * every HTTP request and Socket.IO handshake that carries a session cookie.
 */
export function createSessionCheck(readStore: ReadStore): (claims: SessionClaims) => Promise<boolean> {
  const accountStands = async (claims: SessionClaims) => {
    switch (claims.kind) {
      case 'user': {
        const user = await findUser(readStore, claims.subject, { sessionVersion: 1 });
        return user !== null && user.sessionVersion === claims.version;
      }
      case 'admin': {
        // A deactivation raises the version too; isActive is checked as well so no replay order can revive a session.
        const admin = await findAdminUser(readStore, claims.subject, { isActive: 1, sessionVersion: 1 });
        return admin !== null && admin.isActive && admin.sessionVersion === claims.version;
      }
    }
  };
  return async (claims) => {
    const [stands, signedOut] = await Promise.all([accountStands(claims), isSessionEnded(readStore, claims.sessionId)]);
    return stands && !signedOut;
  };
}

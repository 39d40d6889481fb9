import { ADMIN_EVENT_TYPES, isAdminEvent } from '../../domain/admin/events';
import type { AdminRole } from '../../contract/admin/admins';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../projection';
import { updateOnce, upsertOnce } from '../projection';

export const ADMIN_USERS = 'admin_users';

/** One administrator, as the back office lists it. Never a password hash: AdminPasswordSet's hash is not copied. */
export type AdminUserDoc = {
  _id: string;
  username: string;
  /** For sign-in by username, which compares case-insensitively as the reservation does. */
  usernameLower: string;
  name: string;
  email: string;
  role: AdminRole;
  isActive: boolean;
  lastLogin: string | null;
  createdAt: string;
  createdBy: string | null;
  /** Sessions issued with another version no longer stand (src/http/routes/accounts/session-check.ts). */
  sessionVersion: number;
  _position?: number;
};

/** The `admin_users` read model, from the administrators' streams. */
export function createAdminUsersProjection(): Projection {
  return {
    name: ADMIN_USERS,
    collections: [ADMIN_USERS],
    handles: [...ADMIN_EVENT_TYPES],
    async setup(store) {
      const admins = store.collection<AdminUserDoc>(ADMIN_USERS);
      await admins.createIndex({ usernameLower: 1 });
      await admins.createIndex({ createdAt: 1, _id: 1 });
    },
    async apply(event, store) {
      if (!isAdminEvent(event)) return;
      const admins = store.collection<AdminUserDoc>(ADMIN_USERS);
      switch (event.type) {
        case 'AdminCreated': {
          const { adminId, username, name, email, role, createdBy, at } = event.data;
          await upsertOnce(admins, adminId, event.position, {
            $set: { username, usernameLower: username.toLowerCase(), name, email, role, isActive: true, lastLogin: null, createdAt: at, createdBy, sessionVersion: 0 },
          });
          return;
        }
        case 'AdminPasswordSet':
          await updateOnce(admins, event.data.adminId, event.position, { $set: { sessionVersion: event.data.sessionVersion } });
          return;
        case 'AdminDeactivated':
          await updateOnce(admins, event.data.adminId, event.position, { $set: { isActive: false, sessionVersion: event.data.sessionVersion } });
          return;
        case 'AdminReactivated':
          await updateOnce(admins, event.data.adminId, event.position, { $set: { isActive: true } });
          return;
        case 'AdminSignedIn':
          await updateOnce(admins, event.data.adminId, event.position, { $set: { lastLogin: event.data.at } });
          return;
        default:
          return assertNever(event);
      }
    },
  };
}

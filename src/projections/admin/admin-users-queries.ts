import type { Collection, Projection, ReadStore } from '../../read-store/port';
import type { AdminUserDoc } from './admin-users';
import { ADMIN_USERS } from './admin-users';

/** The administrators read model, for the admin list that pages it. */
export function adminUsersCollection(store: ReadStore): Collection<AdminUserDoc> {
  return store.collection<AdminUserDoc>(ADMIN_USERS);
}

const only = (projection: Projection | undefined) => (projection === undefined ? {} : { projection });

export function findAdminUser(store: ReadStore, adminId: string, projection?: Projection): Promise<AdminUserDoc | null> {
  return adminUsersCollection(store).findOne({ _id: adminId }, only(projection));
}

export function findAdminUserByUsername(store: ReadStore, usernameLower: string): Promise<AdminUserDoc | null> {
  return adminUsersCollection(store).findOne({ usernameLower });
}

export function adminUsersByIds(store: ReadStore, ids: readonly string[], projection?: Projection): Promise<AdminUserDoc[]> {
  return adminUsersCollection(store).find({ _id: { $in: ids } }, only(projection));
}

export function countAdminUsers(store: ReadStore): Promise<number> {
  return adminUsersCollection(store).countDocuments();
}

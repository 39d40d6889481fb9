import type { Collection, Filter, Projection, ReadStore } from '../../read-store/port';
import type { AccountTokenDoc, UserDoc } from './users';
import { ACCOUNT_TOKENS, USERS } from './users';

/** The users read model, for the admin lists that page it. */
export function usersCollection(store: ReadStore): Collection<UserDoc> {
  return store.collection<UserDoc>(USERS);
}

const only = (projection: Projection | undefined) => (projection === undefined ? {} : { projection });

export function findUser(store: ReadStore, userId: string, projection?: Projection): Promise<UserDoc | null> {
  return usersCollection(store).findOne({ _id: userId }, only(projection));
}

/** `emailLower` is the address lower-cased, as the read model keeps it. */
export function findUserByEmail(store: ReadStore, emailLower: string): Promise<UserDoc | null> {
  return usersCollection(store).findOne({ emailLower });
}

export function findUserByUsername(store: ReadStore, usernameLower: string): Promise<UserDoc | null> {
  return usersCollection(store).findOne({ usernameLower });
}

export function usersByIds(store: ReadStore, ids: readonly string[], projection?: Projection): Promise<UserDoc[]> {
  return usersCollection(store).find({ _id: { $in: ids } }, only(projection));
}

/** The ids of the users `filter` matches, without loading the users. */
export async function idsOfUsersMatching(store: ReadStore, filter: Filter): Promise<string[]> {
  const found = await usersCollection(store).find(filter, { projection: { _id: 1 } });
  return found.map((user) => user._id);
}

export function countUsers(store: ReadStore): Promise<number> {
  return usersCollection(store).countDocuments();
}

/** An email-verification or password-reset token, by the hash the read model keys it by. */
export function findAccountToken(store: ReadStore, tokenHash: string): Promise<AccountTokenDoc | null> {
  return store.collection<AccountTokenDoc>(ACCOUNT_TOKENS).findOne({ _id: tokenHash });
}

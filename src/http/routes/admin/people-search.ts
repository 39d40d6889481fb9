import type { UserRole } from '../../../contract/accounts/accounts';
import type { UserDoc } from '../../../projections/accounts/users';
import { idsOfUsersMatching, usersByIds } from '../../../projections/accounts/users-queries';
import type { Filter, ReadStore } from '../../../read-store/port';
import { containsPattern } from './list-page';

/**
 * The ids of the accounts (of `role`, if given) whose name or email contains
 * `search`: an admin list searching by the person on each item filters its
 * own collection by these ids, so no request loads the accounts themselves.
 */
export async function idsOfPeopleMatching(readStore: ReadStore, search: string, role?: UserRole): Promise<string[]> {
  const pattern = containsPattern(search);
  // The role first: it rejects most accounts before either pattern is tried.
  const filter: Filter = { ...(role ? { role } : {}), $or: [{ name: pattern }, { email: pattern }] };
  return idsOfUsersMatching(readStore, filter);
}

/** Name and email of the accounts on one page, by id: one lookup of those ids only. */
export async function peopleById(readStore: ReadStore, ids: string[]): Promise<Map<string, Pick<UserDoc, '_id' | 'name' | 'email' | 'profileImageUrl'>>> {
  const people = await usersByIds(readStore, [...new Set(ids)], { name: 1, email: 1, profileImageUrl: 1 });
  return new Map(people.map((person) => [person._id, person]));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchOrNullOn401 } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { User } from './user';

/** The session: the signed-in user, or null for a guest (GET /api/user answers 401). */
export function userQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.user,
    queryFn: () => apiFetchOrNullOn401<User>('/api/user', 'user'),
  });
}

/** undefined while loading, null for a guest. */
export function useCurrentUser(): User | null | undefined {
  return useQuery(userQueryOptions()).data;
}

/**
 * For screens under the sign-in guard, which renders them only once a user is
 * loaded. When the session ends the guard stops rendering them in the same
 * pass, so they never see null.
 */
export function useSignedInUser(): User {
  const user = useCurrentUser();
  if (user == null) throw new Error('useSignedInUser is only for routes under the sign-in guard');
  return user;
}

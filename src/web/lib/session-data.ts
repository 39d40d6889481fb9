import type { QueryClient } from '@tanstack/react-query';
import { paymentSessionKeys } from './payment-session-keys';
import { queryKeys } from './query-keys';

/**
 * Forgets the signed-out person in this tab: every cached read but the user
 * entry goes, and that one is set to null rather than removed, so the header
 * and the sign-in guard (which observe it) update at once instead of
 * refetching. A payment left half-way is forgotten too.
 */
export async function clearSessionData(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => !isUserKey(query.queryKey) });
  queryClient.setQueryData(queryKeys.user, null);
  for (const key of Object.values(paymentSessionKeys)) sessionStorage.removeItem(key);
}

function isUserKey(key: readonly unknown[]): boolean {
  return key.length === queryKeys.user.length && key.every((part, index) => part === queryKeys.user[index]);
}

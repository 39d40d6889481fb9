import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from './error-state';
import { SkeletonRows } from './skeleton';

/**
 * The four states of a listed read: failed before anything was shown (with a
 * retry), loading, empty, and the list itself. `what` names the list in the error and loading texts.
 */
export function QueryStates<T>({
  query,
  list,
  what,
  rows = 4,
  empty,
  children,
}: {
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch'>;
  list: T[] | undefined;
  what: string;
  rows?: number;
  empty: ReactNode;
  children: (list: T[]) => ReactNode;
}) {
  // A list already shown stays when a later read fails (a refetch, or a next page, whose footer says so).
  if (query.isError && list === undefined) return <ErrorState title={`Failed to load ${what}`} error={query.error} onRetry={() => void query.refetch()} />;
  if (list === undefined) return <SkeletonRows rows={rows} label={`Loading ${what}`} />;
  if (list.length === 0) return <>{empty}</>;
  return <>{children(list)}</>;
}

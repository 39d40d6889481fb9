import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * A session can end under an open portal: deactivated, password changed
 * elsewhere, cookie expired. The first admin read answered 401 asks /me again,
 * which then shows the login form instead of a row of failed panels.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { queryKey } = event.query;
        if (queryKey[0] !== queryKeys.admin[0] || queryKey[1] === queryKeys.adminMe[1]) return;
        if (event.action.error instanceof ApiError && event.action.error.status === 401) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.adminMe, exact: true });
        }
      }),
    [queryClient],
  );
}

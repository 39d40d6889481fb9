import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminBid } from './types';

export function adminBidsQuery() {
  return queryOptions({
    queryKey: queryKeys.adminBids,
    queryFn: () => apiFetch<AdminBid[]>('/api/admin/bids'),
    // Bids arrive at any time: opening the tab again refetches.
    staleTime: 0,
  });
}

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminPayment } from './types';

export function adminPaymentsQuery() {
  return queryOptions({
    queryKey: queryKeys.adminPayments,
    queryFn: () => apiFetch<AdminPayment[]>('/api/admin/payments'),
    // Payments settle at any time: opening the tab again refetches.
    staleTime: 0,
  });
}

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { PaymentsConfig } from '../../../contract/payments/payments';
import type { StatementEntry } from '../../../contract/payments/credits';

export function paymentsConfigQuery() {
  return queryOptions({
    queryKey: queryKeys.paymentsConfig,
    queryFn: () => apiFetch<PaymentsConfig>('/api/payments/config'),
    staleTime: Infinity,
  });
}

export function creditStatementQuery() {
  return queryOptions({
    queryKey: queryKeys.creditStatement,
    queryFn: () => apiFetch<StatementEntry[]>('/api/credits/statement'),
    // Purchases, bids and rewards change it from other screens: opening the dashboard refetches.
    staleTime: 0,
  });
}

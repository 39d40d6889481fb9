import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';
import type { PaymentFilters } from './types';
import type { AdminPaymentJson } from '../../../../contract/payments/payments';

/** Every credit purchase, a page at a time, searched by payer or payment id and filtered by status on the server. */
export function adminPaymentsQuery(search = '', filters: PaymentFilters = {}) {
  return pagedListQuery<AdminPaymentJson>(queryKeys.adminPayments, '/api/admin/payments', { search, ...filters });
}

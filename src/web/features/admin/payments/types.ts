import type { PaymentStatus } from '../../../../contract/payments/payments';

/** The statuses GET /api/admin/payments?status= filters by. */
export const PAYMENT_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
] as const satisfies ReadonlyArray<{ value: PaymentStatus; label: string }>;

export const PAYMENT_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;

/** The filters of GET /api/admin/payments (paymentsListQuery) the portal offers. */
export type PaymentFilters = {
  status?: (typeof PAYMENT_STATUSES)[number]['value'];
  sort?: (typeof PAYMENT_SORTS)[number]['value'];
};

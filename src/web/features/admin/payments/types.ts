/** An item of GET /api/admin/payments (docs/decisions/0017). */
export type AdminPayment = {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  /** In cents. */
  amount: number;
  credits: number;
  status: string;
  stripePaymentIntentId: string | null;
  stripeChargeId: string | null;
  failureReason: string | null;
  processedAt: string | null;
  createdAt: string;
};

/** The statuses GET /api/admin/payments?status= filters by. */
export const PAYMENT_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
] as const;

export const PAYMENT_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;

/** The filters of GET /api/admin/payments (paymentsListQuery) the portal offers. */
export type PaymentFilters = {
  status?: (typeof PAYMENT_STATUSES)[number]['value'];
  sort?: (typeof PAYMENT_SORTS)[number]['value'];
};

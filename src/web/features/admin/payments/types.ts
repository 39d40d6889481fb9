/** GET /api/admin/payments (docs/decisions/0017): the newest 500 payments. */
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

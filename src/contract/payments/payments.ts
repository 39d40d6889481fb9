import type { CreditPackage } from './credit-packages';

/*
 * Card payments as the store and the back office read them (docs/decisions/0017):
 * the configuration, what a purchase answers, and the Payments tab's rows.
 * Plain types, so the store loads no validation library for them.
 */

/** The saved card as the realtor may see it: its brand and last four digits, never its number or the provider's ids. */
export interface SavedCard {
  brand: string;
  last4: string;
}

/** GET /api/payments/config. */
export interface PaymentsConfig {
  mode: 'stripe' | 'simulated';
  /** For the card form; null in simulated mode. */
  publishableKey: string | null;
  /** Where the provider sends the realtor back after authenticating a card. */
  returnUrl: string;
  packages: readonly CreditPackage[];
}

/** Stripe's statuses of a payment intent. */
export type PaymentIntentStatus = 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method' | 'requires_confirmation' | 'requires_capture' | 'canceled';

/** What the purchase (POST /api/credits/purchase), the redirect return and the simulated authentication answer. */
export interface PurchaseAnswer {
  success: boolean;
  /** The credits the payment buys (the package), whatever its outcome. */
  credits: number;
  requiresAction: boolean;
  clientSecret: string | null;
  requiresPaymentMethod: boolean;
  message: string;
  /** The provider's status of the intent; null when no payment was made. */
  status: PaymentIntentStatus | null;
  paymentId: string | null;
  paymentIntentId: string | null;
  /** The realtor's balance once the credits were added; null otherwise. */
  balance: number | null;
}

/** A payment's state in the back office. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

/** A payment as the back office's Payments tab lists it (GET /api/admin/payments), with its payer. */
export interface AdminPaymentJson {
  id: string;
  userId: string;
  /** Empty when the payer is missing from the read models. */
  userName: string;
  userEmail: string;
  /** In cents. */
  amount: number;
  credits: number;
  status: PaymentStatus;
  stripePaymentIntentId: string | null;
  stripeChargeId: string | null;
  failureReason: string | null;
  processedAt: string | null;
  createdAt: string;
}

import type { SavedCard } from '../contract/payments/payments';
/**
 * The card payment provider. Two adapters implement it: Stripe (`stripe.ts`,
 * when STRIPE_SECRET_KEY is set) and the simulated default (`simulated.ts`),
 * which honours Stripe's test payment methods. Every call that creates
 * something at the provider takes an idempotency key, so a retried call never
 * creates (or charges) twice.
 */

import type { PaymentIntentStatus } from '../contract/payments/payments';

/** A payment intent as the app needs it, whichever provider answered. */
export interface PaymentIntentView {
  id: string;
  /**
   * Stripe's statuses. A card that needs authentication off-session is
   * reported as `requires_action` with its client secret, whatever the
   * provider's raw status, because the client completes it on-session.
   */
  status: PaymentIntentStatus;
  amountCents: number;
  /** For the client's card-authentication step; never stored in the log. */
  clientSecret: string | null;
  chargeId: string | null;
  /** What the app wrote on the intent when it created it. */
  metadata: { paymentId?: string; userId?: string; credits?: string };
  /** The provider's words for a decline, when the last attempt failed. */
  failureMessage: string | null;
}

export interface CreatePaymentInput {
  /** Our payment id: the idempotency key is derived from it. */
  paymentId: string;
  userId: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  credits: number;
  currency: string;
  description: string;
}

export interface PaymentProvider {
  readonly mode: 'stripe' | 'simulated';
  /** Creates the customer of one user; the same key gives the same customer. */
  createCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<{ customerId: string }>;
  /** A setup intent to save a card for off-session payments. */
  createSetupIntent(input: { customerId: string; userId: string; idempotencyKey: string }): Promise<{ setupIntentId: string; clientSecret: string }>;
  /**
   * Checks a card the client saved and makes sure it belongs to the customer.
   * Returns the id to charge (attaching a card may give it a new id).
   */
  attachPaymentMethod(input: { customerId: string; paymentMethodId: string; idempotencyKey: string }): Promise<{ paymentMethodId: string; card: SavedCard | null }>;
  /** Detaches a saved card; a card the provider no longer knows is not an error. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /**
   * Creates a payment intent for the saved card and confirms it off-session,
   * with the idempotency key `payment-{paymentId}`. A declined card is an
   * answer (`requires_payment_method` with `failureMessage`), not an error.
   */
  createPayment(input: CreatePaymentInput): Promise<PaymentIntentView>;
  /** The intent's real status, as the provider knows it; null for an unknown id. */
  retrievePayment(paymentIntentId: string): Promise<PaymentIntentView | null>;
  /** Only the simulated provider: the client's simulated card-authentication step. */
  readonly simulated?: SimulatedAuthentication;
}

export interface SimulatedAuthentication {
  /** Completes (or fails) the authentication an intent waits for; null for an unknown id. */
  authenticate(paymentIntentId: string, outcome: 'complete' | 'fail'): Promise<PaymentIntentView | null>;
}

/**
 * The provider could not do what was asked. `kind` says what the person can do:
 * `card` the card was refused (show the provider's message), `invalid` the
 * details are wrong, `unavailable` the provider could not be reached or failed
 * (try again later; the outcome may still arrive by webhook).
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'card' | 'invalid' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** The idempotency key of a payment's intent: every retry for one payment is the same request. */
export const paymentIdempotencyKey = (paymentId: string) => `payment-${paymentId}`;

/** Stripe's convention: the intent id is the client secret up to `_secret_`. */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : null;
}

/** How the app takes payments, from the environment (STRIPE_* variables). */
export interface PaymentsConfig {
  provider: PaymentProvider;
  /** STRIPE_WEBHOOK_SECRET: webhooks are refused (400) without it. */
  webhookSecret?: string;
  /** STRIPE_PUBLISHABLE_KEY, for the client's card form; absent in simulated mode. */
  publishableKey?: string;
}

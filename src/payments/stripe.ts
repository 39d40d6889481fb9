import Stripe from 'stripe';
import type { PaymentIntentView, PaymentProvider } from './port';
import { PaymentProviderError, paymentIdempotencyKey } from './port';

export interface StripeProviderOptions {
  secretKey: string;
  /** Tests point the SDK at a local server standing in for Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK retries network failures with the same idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

const STATUSES: ReadonlySet<string> = new Set<PaymentIntentView['status']>([
  'succeeded',
  'processing',
  'requires_action',
  'requires_payment_method',
  'requires_confirmation',
  'requires_capture',
  'canceled',
]);

/** Stripe behind the payment port: a customer per realtor, SetupIntents to save cards, off-session PaymentIntents. */
export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  /**
   * Puts the saved card back on an intent declined for authentication, so the
   * client completes it with the client secret alone (Stripe.js
   * confirmCardPayment) and never needs the card's id.
   */
  const prepareAuthentication = async (declined: Stripe.PaymentIntent, paymentMethodId: string, paymentId: string): Promise<PaymentIntentView> => {
    try {
      const ready = await stripe.paymentIntents.update(declined.id, { payment_method: paymentMethodId }, { idempotencyKey: `${paymentIdempotencyKey(paymentId)}-authenticate` });
      return { ...toIntentView(ready), status: 'requires_action' };
    } catch {
      // The client can still confirm with the card picked again; the intent waits either way.
      return toIntentView(declined);
    }
  };

  return {
    mode: 'stripe',
    async createCustomer({ userId, email, name, idempotencyKey }) {
      const customer = await call(() => stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey }));
      return { customerId: customer.id };
    },
    async createSetupIntent({ customerId, userId, idempotencyKey }) {
      const intent = await call(() =>
        stripe.setupIntents.create({ customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { userId } }, { idempotencyKey }),
      );
      if (!intent.client_secret) throw new PaymentProviderError('unavailable', 'The setup intent has no client secret');
      return { setupIntentId: intent.id, clientSecret: intent.client_secret };
    },
    async attachPaymentMethod({ customerId, paymentMethodId, idempotencyKey }) {
      const method = await call(() => stripe.paymentMethods.retrieve(paymentMethodId));
      const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
      // The brand and last four, for the profile's Payment Methods card; nothing else of the card is kept.
      const card = method.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
      if (owner === customerId) return { paymentMethodId: method.id, card };
      if (owner !== null) throw new PaymentProviderError('invalid', 'The card belongs to another customer');
      const attached = await call(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey }));
      return { paymentMethodId: attached.id, card };
    },
    async detachPaymentMethod(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        // Already detached or deleted at Stripe: the card is gone either way.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw toProviderError(error);
      }
    },
    async createPayment(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { paymentId: input.paymentId, userId: input.userId, credits: String(input.credits) },
          },
          { idempotencyKey: paymentIdempotencyKey(input.paymentId) },
        );
        return toIntentView(intent);
      } catch (error) {
        // A decline (or an off-session card that needs authentication) still made an intent: it is an answer.
        if (!(error instanceof Stripe.errors.StripeCardError) || !error.payment_intent) throw toProviderError(error);
        if (error.code !== 'authentication_required') return toIntentView(error.payment_intent);
        return prepareAuthentication(error.payment_intent, input.paymentMethodId, input.paymentId);
      }
    },
    async retrievePayment(paymentIntentId) {
      try {
        return toIntentView(await stripe.paymentIntents.retrieve(paymentIntentId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404)) return null;
        throw toProviderError(error);
      }
    },
  };
}

/** Reads a Stripe payment intent (from an API answer or a signed webhook) as the app needs it. */
export function toIntentView(intent: Stripe.PaymentIntent): PaymentIntentView {
  const lastError = intent.last_payment_error;
  // Off-session, a card that needs authentication is declined with this code; the client completes it on-session.
  const needsAuthentication = intent.status === 'requires_payment_method' && lastError?.code === 'authentication_required';
  const status: PaymentIntentView['status'] = needsAuthentication
    ? 'requires_action'
    : STATUSES.has(intent.status)
      ? (intent.status as PaymentIntentView['status'])
      : 'processing';
  const charge = intent.latest_charge;
  const metadata = intent.metadata ?? {};
  return {
    id: intent.id,
    status,
    amountCents: intent.amount,
    clientSecret: intent.client_secret,
    chargeId: typeof charge === 'string' ? charge : (charge?.id ?? null),
    metadata: {
      ...(metadata.paymentId ? { paymentId: metadata.paymentId } : {}),
      ...(metadata.userId ? { userId: metadata.userId } : {}),
      ...(metadata.credits ? { credits: metadata.credits } : {}),
    },
    failureMessage: status === 'requires_payment_method' ? (lastError?.message ?? 'Payment failed') : null,
  };
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toProviderError(error);
  }
}

/** Stripe's errors as the port's three kinds; messages for people come from the routes. */
function toProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentProviderError('card', error.message);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return new PaymentProviderError('invalid', error.message);
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError('unavailable', message);
}

import { afterEach, describe, expect, it } from 'vitest';
import type { FakeStripe, StripeHandler } from '../testing/fake-stripe';
import { TEST_SECRET_KEY, cardError, paymentIntentJson, startFakeStripe } from '../testing/fake-stripe';
import type { CreatePaymentInput } from './port';
import { PaymentProviderError } from './port';
import { createStripePaymentProvider } from './stripe';

const open: FakeStripe[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

async function fake(handler: StripeHandler) {
  const server = await startFakeStripe(handler);
  open.push(server);
  return server;
}

const paymentId = '6c1f3c2e-0000-4000-8000-000000000001';
const input: CreatePaymentInput = {
  paymentId,
  userId: 'user-1',
  customerId: 'cus_1',
  paymentMethodId: 'pm_1',
  amountCents: 3600,
  credits: 3,
  currency: 'usd',
  description: 'BidHome: 3 credits',
};
const metadata = { paymentId, userId: 'user-1', credits: '3' };

describe('the Stripe adapter', () => {
  it('creates a customer and a setup intent for off-session card payments, each with its idempotency key', async () => {
    const stripe = await fake((req) =>
      req.path === '/v1/customers' ? { body: { id: 'cus_1', object: 'customer' } } : { body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_x' } },
    );
    const provider = stripe.provider();
    expect(await provider.createCustomer({ userId: 'user-1', email: 'rita@example.com', name: 'Rita', idempotencyKey: 'customer-user-1' })).toEqual({ customerId: 'cus_1' });
    expect(await provider.createSetupIntent({ customerId: 'cus_1', userId: 'user-1', idempotencyKey: 'setup-1' })).toEqual({ setupIntentId: 'seti_1', clientSecret: 'seti_1_secret_x' });
    const [customer, setup] = stripe.requests;
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers', form: { email: 'rita@example.com', name: 'Rita', 'metadata[userId]': 'user-1' } });
    expect(customer?.headers['idempotency-key']).toBe('customer-user-1');
    expect(customer?.headers.authorization).toBe(`Bearer ${TEST_SECRET_KEY}`);
    expect(setup).toMatchObject({ path: '/v1/setup_intents', form: { customer: 'cus_1', usage: 'off_session', 'allowed_payment_method_types[0]': 'card', 'metadata[userId]': 'user-1' } });
    expect(setup?.headers['idempotency-key']).toBe('setup-1');
  });

  it('confirms a payment intent off-session with the saved card, keyed by our payment id', async () => {
    const stripe = await fake(() => ({ body: paymentIntentJson({ id: 'pi_1', status: 'succeeded', amount: 3600, metadata, latest_charge: 'ch_1' }) }));
    const intent = await stripe.provider().createPayment(input);
    expect(intent).toEqual({ id: 'pi_1', status: 'succeeded', amountCents: 3600, clientSecret: 'pi_1_secret_abc', chargeId: 'ch_1', metadata, failureMessage: null });
    const [request] = stripe.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      form: {
        amount: '3600',
        currency: 'usd',
        customer: 'cus_1',
        payment_method: 'pm_1',
        'allowed_payment_method_types[0]': 'card',
        off_session: 'true',
        confirm: 'true',
        'metadata[paymentId]': paymentId,
        'metadata[userId]': 'user-1',
        'metadata[credits]': '3',
      },
    });
    expect(request?.headers['idempotency-key']).toBe(`payment-${paymentId}`);
  });

  it('keeps the idempotency key across the SDK’s retries and across a second call for the same payment', async () => {
    let calls = 0;
    const stripe = await fake(() => {
      calls++;
      if (calls === 1) return { status: 500, headers: { 'stripe-should-retry': 'true' }, body: { error: { type: 'api_error', message: 'Try again' } } };
      return { body: paymentIntentJson({ id: 'pi_1', status: 'succeeded', amount: 3600, metadata }) };
    });
    const provider = stripe.provider();
    expect((await provider.createPayment(input)).status).toBe('succeeded');
    await provider.createPayment(input);
    const keys = stripe.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([`payment-${paymentId}`, `payment-${paymentId}`, `payment-${paymentId}`]);
  });

  it('answers a declined card as an intent needing another payment method, with Stripe’s words', async () => {
    const declined = paymentIntentJson({
      id: 'pi_2',
      status: 'requires_payment_method',
      amount: 3600,
      metadata,
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' },
    });
    const stripe = await fake(() => cardError('card_declined', 'Your card was declined.', declined));
    expect(await stripe.provider().createPayment(input)).toMatchObject({ id: 'pi_2', status: 'requires_payment_method', failureMessage: 'Your card was declined.', chargeId: null });
  });

  it('answers a card that needs authentication as requires_action with the client secret', async () => {
    const pending = paymentIntentJson({
      id: 'pi_3',
      status: 'requires_payment_method',
      amount: 3600,
      metadata,
      last_payment_error: { code: 'authentication_required', message: 'This payment required an authentication action to complete, but `error_on_requires_action` was set.', type: 'card_error' },
    });
    const stripe = await fake((req) =>
      req.path === '/v1/payment_intents/pi_3'
        ? { body: paymentIntentJson({ id: 'pi_3', status: 'requires_confirmation', amount: 3600, metadata }) }
        : cardError('authentication_required', 'Authentication required', pending),
    );
    expect(await stripe.provider().createPayment(input)).toMatchObject({ id: 'pi_3', status: 'requires_action', clientSecret: 'pi_3_secret_abc', failureMessage: null });
    // The saved card goes back on the intent, so the client confirms with the client secret alone.
    const update = stripe.requests[1];
    expect(update).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_3', form: { payment_method: 'pm_1' } });
    expect(update?.headers['idempotency-key']).toBe(`payment-${paymentId}-authenticate`);
    const onSession = await fake(() => ({ body: paymentIntentJson({ id: 'pi_4', status: 'requires_action', amount: 3600, metadata }) }));
    expect(await onSession.provider().createPayment(input)).toMatchObject({ status: 'requires_action', clientSecret: 'pi_4_secret_abc' });
  });

  it('surfaces failures as the port’s kinds: card, invalid, unavailable', async () => {
    const stripe = await fake((req) => {
      if (req.path.startsWith('/v1/payment_methods/pm_declined')) return cardError('card_declined', 'Your card was declined.');
      if (req.path.startsWith('/v1/payment_methods')) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such PaymentMethod: 'pm_x'" } } };
      return { status: 500, headers: { 'stripe-should-retry': 'false' }, body: { error: { type: 'api_error', message: 'Something went wrong' } } };
    });
    const provider = stripe.provider({ maxNetworkRetries: 0 });
    const kindOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => (error instanceof PaymentProviderError ? error.kind : 'other'));
    expect(await kindOf(provider.attachPaymentMethod({ customerId: 'cus_1', paymentMethodId: 'pm_declined', idempotencyKey: 'k' }))).toBe('card');
    expect(await kindOf(provider.attachPaymentMethod({ customerId: 'cus_1', paymentMethodId: 'pm_x', idempotencyKey: 'k' }))).toBe('invalid');
    expect(await kindOf(provider.createPayment(input))).toBe('unavailable');
  });

  it('reports an unreachable API as unavailable', async () => {
    const stripe = await fake(() => ({ body: {} }));
    const port = stripe.port;
    await stripe.close();
    open.length = 0;
    const provider = createStripePaymentProvider({ secretKey: TEST_SECRET_KEY, host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, timeoutMs: 2000 });
    const error = await provider.createPayment(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).kind).toBe('unavailable');
  });

  it('retrieves an intent’s real status, and null for one Stripe does not know', async () => {
    const stripe = await fake((req) =>
      req.path === '/v1/payment_intents/pi_1'
        ? { body: paymentIntentJson({ id: 'pi_1', status: 'processing', amount: 3600, metadata }) }
        : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } } },
    );
    const provider = stripe.provider();
    expect(await provider.retrievePayment('pi_1')).toMatchObject({ id: 'pi_1', status: 'processing' });
    expect(await provider.retrievePayment('pi_nope')).toBeNull();
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payment_intents/pi_1', 'GET /v1/payment_intents/pi_nope']);
  });

  it('attaches a card to the customer unless it is already theirs, and detaches quietly', async () => {
    const stripe = await fake((req) => {
      if (req.path === '/v1/payment_methods/pm_mine') return { body: { id: 'pm_mine', object: 'payment_method', customer: 'cus_1' } };
      if (req.path === '/v1/payment_methods/pm_new') return { body: { id: 'pm_new', object: 'payment_method', customer: null, card: { brand: 'mastercard', last4: '4444', exp_month: 1 } } };
      if (req.path === '/v1/payment_methods/pm_new/attach') return { body: { id: 'pm_new', object: 'payment_method', customer: 'cus_1' } };
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'The payment method is not attached' } } };
    });
    const provider = stripe.provider();
    expect(await provider.attachPaymentMethod({ customerId: 'cus_1', paymentMethodId: 'pm_mine', idempotencyKey: 'a1' })).toEqual({ paymentMethodId: 'pm_mine', card: null });
    // The card's brand and last four, nothing else of it.
    expect(await provider.attachPaymentMethod({ customerId: 'cus_1', paymentMethodId: 'pm_new', idempotencyKey: 'a2' })).toEqual({ paymentMethodId: 'pm_new', card: { brand: 'mastercard', last4: '4444' } });
    await provider.detachPaymentMethod('pm_gone');
    const attach = stripe.requests.find((r) => r.path.endsWith('/attach'));
    expect(attach?.form).toEqual({ customer: 'cus_1' });
    expect(attach?.headers['idempotency-key']).toBe('a2');
  });
});

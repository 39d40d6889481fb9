import { afterEach, describe, expect, it } from 'vitest';
import type { FakeStripe, StripeRequest } from '../../../testing/fake-stripe';
import { startFakeStripe } from '../../../testing/fake-stripe';
import { purchase, registerRealtorWithCard, saveCard, userJson } from '../../../testing/payments';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
let stripe: FakeStripe | undefined;
afterEach(async () => {
  await stripe?.close();
  stripe = undefined;
});

/** Stripe stand-in that serves the card setup, and whose payment intents fail as `failure` says. */
function setupThen(failure: () => { status: number; body: unknown }) {
  return (req: StripeRequest) => {
    if (req.path === '/v1/customers') return { body: { id: 'cus_1', object: 'customer' } };
    if (req.path === '/v1/setup_intents') return { body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_x' } };
    if (req.path.startsWith('/v1/payment_methods/')) return { body: { id: 'pm_1', object: 'payment_method', customer: 'cus_1' } };
    return failure();
  };
}

const apiError = () => ({ status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } });

describe('Stripe failures through HTTP, as the catalogue’s messages', () => {
  it("answers 502 'Payment failed' when Stripe errs, and leaves the payment pending for the webhook", async () => {
    stripe = await startFakeStripe(setupThen(apiError));
    const t = await app({ payments: { provider: stripe.provider({ maxNetworkRetries: 0 }) } });
    const realtor = await registerRealtorWithCard(t.app, null);
    await saveCard(t.app, realtor.cookie, 'pm_1');
    const res = await purchase(t.app, realtor.cookie, 1);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'Payment failed' });
    expect(await t.deps.readStore.collection('payments').find({})).toMatchObject([{ status: 'pending', amount: 1500 }]);
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(0);
  });

  it('answers the unreachable API with the message of each step', async () => {
    stripe = await startFakeStripe(setupThen(apiError));
    const t = await app({ payments: { provider: stripe.provider({ maxNetworkRetries: 0 }) } });
    const realtor = await registerRealtorWithCard(t.app, null);
    await saveCard(t.app, realtor.cookie, 'pm_1');
    await stripe.close();
    stripe = undefined;
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/credits/purchase', { credits: 3 }, 'Payment failed'],
      ['POST', '/api/payment-method/setup', {}, 'Failed to initialize payment method setup'],
      ['GET', '/api/payments/confirm?payment_intent=pi_1', undefined, 'Payment verification failed'],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await sendJson(t.app, method, path, body, realtor.cookie);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message });
    }
  });

  it('answers a card refused while saving with 402 and Stripe’s words', async () => {
    stripe = await startFakeStripe((req) =>
      req.path.startsWith('/v1/payment_methods/')
        ? { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } }
        : setupThen(apiError)(req),
    );
    const t = await app({ payments: { provider: stripe.provider({ maxNetworkRetries: 0 }) } });
    const realtor = await registerRealtorWithCard(t.app, null);
    const res = await sendJson(t.app, 'POST', '/api/payment-method/save', { paymentMethodId: 'pm_1' }, realtor.cookie);
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ message: 'Your card was declined.' });
    expect((await userJson(t.app, realtor.cookie)).hasPaymentMethod).toBe(false);
  });

  it('lets Stripe.js in through the CSP only when a publishable key is configured', async () => {
    stripe = await startFakeStripe(setupThen(apiError));
    const t = await app({ payments: { provider: stripe.provider(), publishableKey: 'pk_test_123' } });
    const csp = (await t.app.request('/healthz')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain('https://api.stripe.com');
    expect(await (await sendJson(t.app, 'GET', '/api/payments/config')).json()).toMatchObject({ mode: 'stripe', publishableKey: 'pk_test_123' });
  });
});

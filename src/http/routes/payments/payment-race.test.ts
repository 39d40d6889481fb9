import { afterEach, describe, expect, it } from 'vitest';
import { userStreamId } from '../../../domain/accounts/commands';
import { paymentStreamId } from '../../../domain/payments/payment';
import type { FakeStripe, StripeAnswer, StripeRequest } from '../../../testing/fake-stripe';
import { TEST_WEBHOOK_SECRET, paymentIntentJson, signedWebhook, startFakeStripe } from '../../../testing/fake-stripe';
import type { PaymentAnswer } from '../../../testing/payments';
import { purchase, registerRealtorWithCard, saveCard, userJson } from '../../../testing/payments';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
let stripe: FakeStripe | undefined;
afterEach(async () => {
  await stripe?.close();
  stripe = undefined;
});

const WEBHOOKS = 50;
const RETURNS = 5;

/**
 * Stripe stand-in whose payment-intent creation sets off the race: before it
 * answers the purchase, it fires 50 deliveries of payment_intent.succeeded at
 * the app and the realtor's browser comes back from the redirect 5 times.
 */
function racingStripe(fire: (intent: ReturnType<typeof paymentIntentJson>) => void) {
  let created: ReturnType<typeof paymentIntentJson> | undefined;
  return async (req: StripeRequest): Promise<StripeAnswer> => {
    if (req.path === '/v1/customers') return { body: { id: 'cus_race', object: 'customer' } };
    if (req.path === '/v1/setup_intents') return { body: { id: 'seti_race', object: 'setup_intent', client_secret: 'seti_race_secret_x' } };
    if (req.path === '/v1/payment_methods/pm_race') return { body: { id: 'pm_race', object: 'payment_method', customer: 'cus_race' } };
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const metadata = { paymentId: req.form['metadata[paymentId]'] ?? '', userId: req.form['metadata[userId]'] ?? '', credits: req.form['metadata[credits]'] ?? '' };
      created = paymentIntentJson({ id: 'pi_race', status: 'succeeded', amount: Number(req.form.amount), metadata, latest_charge: 'ch_race' });
      fire(created);
      // Answer while the deliveries are in flight.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { body: created };
    }
    if (req.path === '/v1/payment_intents/pi_race' && created) return { body: created };
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } } };
  };
}

describe('exactly-once crediting', () => {
  // Fired while the create is unanswered (the webhooks win), or just after it (the purchase answer wins).
  it.each([
    ['before', 0],
    ['after', 15],
  ])(`credits once when ${WEBHOOKS} webhook deliveries and ${RETURNS} redirect returns start %s the purchase is answered`, async (_when, delayMs) => {
    const racing: Array<Promise<Response>> = [];
    // The app is built after the stand-in, which needs it to deliver.
    const live: { t?: TestApp; cookie: string } = { cookie: '' };
    stripe = await startFakeStripe(
      racingStripe((intent) => {
        const start = (send: () => Response | Promise<Response>): Promise<Response> =>
          new Promise((resolve) => (delayMs === 0 ? resolve(send()) : setTimeout(() => resolve(send()), delayMs)));
        const delivery = signedWebhook('payment_intent.succeeded', intent);
        for (let i = 0; i < WEBHOOKS; i++) {
          racing.push(start(() => live.t!.app.request('/api/stripe/webhook', { method: 'POST', headers: { 'stripe-signature': delivery.signature }, body: delivery.payload })));
        }
        for (let i = 0; i < RETURNS; i++) racing.push(start(() => sendJson(live.t!.app, 'GET', `/api/payments/confirm?payment_intent=${intent.id}`, undefined, live.cookie)));
      }),
    );
    const t = await app({ payments: { provider: stripe.provider(), webhookSecret: TEST_WEBHOOK_SECRET } });
    live.t = t;
    const realtor = await registerRealtorWithCard(t.app, null);
    const cookie = realtor.cookie;
    live.cookie = cookie;
    await saveCard(t.app, cookie, 'pm_race');

    const answer = (await (await purchase(t.app, cookie, 3)).json()) as PaymentAnswer;
    const others = await Promise.all(racing);
    expect(racing).toHaveLength(WEBHOOKS + RETURNS);
    expect(answer).toMatchObject({ success: true, credits: 3, balance: 3, paymentIntentId: 'pi_race' });
    expect(others.map((res) => res.status)).toEqual(Array<number>(WEBHOOKS + RETURNS).fill(200));
    for (const res of others.slice(WEBHOOKS)) expect(await res.json()).toMatchObject({ success: true, credits: 3, balance: 3 });

    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    expect((await userJson(t.app, cookie)).credits).toBe(3);
    const account = await t.deps.eventStore.readStream(userStreamId(realtor.user.id));
    expect(account.filter((e) => e.type === 'CreditsPurchased')).toHaveLength(1);
    const payment = await t.deps.eventStore.readStream(paymentStreamId(answer.paymentId ?? ''));
    expect(payment.filter((e) => e.type === 'PaymentSucceeded')).toHaveLength(1);
    const statement = (await (await sendJson(t.app, 'GET', '/api/credits/statement', undefined, cookie)).json()) as unknown[];
    expect(statement).toHaveLength(1);
    // Each create carried the same idempotency key, derived from our payment id.
    const creates = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates.map((r) => r.headers['idempotency-key'])).toEqual([`payment-${answer.paymentId}`]);
  });
});

import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../../domain/accounts/commands';
import { paymentStreamId } from '../../../domain/payments/payment';
import { createSimulatedPaymentProvider, TEST_CARDS } from '../../../payments/simulated';
import { TEST_WEBHOOK_SECRET, paymentIntentJson, signedWebhook } from '../../../testing/fake-stripe';
import type { PaymentAnswer } from '../../../testing/payments';
import { purchase, registerRealtorWithCard, userJson } from '../../../testing/payments';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';

const app = testAppPerTest();
const simulatedWithWebhooks = () => app({ payments: { provider: createSimulatedPaymentProvider(), webhookSecret: TEST_WEBHOOK_SECRET } });

/** Stripe's servers send no Origin and no cookie; only the signature vouches for them. */
function deliver(t: TestApp, delivery: { payload: string; signature: string }) {
  return t.app.request('/api/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, body: delivery.payload });
}

/** A realtor whose purchase waits for card authentication, as the webhook would report it. */
async function pendingPayment(t: TestApp, credits = 1) {
  const realtor = await registerRealtorWithCard(t.app, TEST_CARDS.authenticationRequired);
  const answer = (await (await purchase(t.app, realtor.cookie, credits)).json()) as PaymentAnswer;
  const intent = (fields: Partial<Parameters<typeof paymentIntentJson>[0]> = {}) =>
    paymentIntentJson({
      id: answer.paymentIntentId ?? '',
      status: 'succeeded',
      amount: credits === 1 ? 1500 : credits === 3 ? 3600 : 5500,
      metadata: { paymentId: answer.paymentId ?? '', userId: realtor.user.id, credits: String(credits) },
      latest_charge: 'ch_webhook',
      ...fields,
    });
  return { realtor, answer, intent };
}

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const t = await simulatedWithWebhooks();
    const { intent } = await pendingPayment(t);
    const before = await t.deps.eventStore.headPosition();
    const good = signedWebhook('payment_intent.succeeded', intent());
    const forged = [
      { payload: good.payload, signature: signedWebhook('payment_intent.succeeded', intent(), 'whsec_someone_else').signature },
      { payload: good.payload.replace('"amount":1500', '"amount":1'), signature: good.signature },
      { payload: good.payload, signature: 't=1,v1=deadbeef' },
    ];
    for (const delivery of forged) {
      const res = await deliver(t, delivery);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Webhook signature verification failed' });
    }
    const unsigned = await t.app.request('/api/stripe/webhook', { method: 'POST', body: good.payload });
    expect(unsigned.status).toBe(400);
    expect(await t.deps.eventStore.headPosition()).toBe(before);
  });

  it('refuses every delivery while no webhook secret is configured', async () => {
    const t = await app();
    const { intent } = await pendingPayment(t);
    const before = await t.deps.eventStore.headPosition();
    expect((await deliver(t, signedWebhook('payment_intent.succeeded', intent()))).status).toBe(400);
    expect(await t.deps.eventStore.headPosition()).toBe(before);
  });

  it('credits a payment_intent.succeeded once, however often it is delivered', async () => {
    const t = await simulatedWithWebhooks();
    const { realtor, answer, intent } = await pendingPayment(t, 3);
    const delivery = signedWebhook('payment_intent.succeeded', intent());
    for (let i = 0; i < 3; i++) {
      const res = await deliver(t, delivery);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(3);
    expect(await t.deps.readStore.collection('payments').findOne({ _id: answer.paymentId ?? '' })).toMatchObject({ status: 'succeeded', stripeChargeId: 'ch_webhook' });
  });

  it('records payment_intent.payment_failed, but not an off-session authentication request', async () => {
    const t = await simulatedWithWebhooks();
    const { answer, intent } = await pendingPayment(t);
    const needsAuthentication = intent({ status: 'requires_payment_method', latest_charge: null, last_payment_error: { code: 'authentication_required', message: 'Authentication required', type: 'card_error' } });
    expect((await deliver(t, signedWebhook('payment_intent.payment_failed', needsAuthentication))).status).toBe(200);
    expect(await t.deps.readStore.collection('payments').findOne({ _id: answer.paymentId ?? '' })).toMatchObject({ status: 'pending' });
    const declined = intent({ status: 'requires_payment_method', latest_charge: null, last_payment_error: { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' } });
    expect((await deliver(t, signedWebhook('payment_intent.payment_failed', declined))).status).toBe(200);
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    expect(await t.deps.readStore.collection('payments').findOne({ _id: answer.paymentId ?? '' })).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
  });

  it('saves the card of a setup_intent.succeeded for its own customer only', async () => {
    const t = await simulatedWithWebhooks();
    const realtor = await registerRealtorWithCard(t.app, null);
    await t.app.request('/api/payment-method/setup', { method: 'POST', headers: { cookie: realtor.cookie, origin: 'http://localhost:3000' } });
    const created = (await t.deps.eventStore.readStream(userStreamId(realtor.user.id))).find((e) => e.type === 'PaymentCustomerCreated');
    const customer = (created?.data as { customerId: string }).customerId;
    const setup = (customerId: string) => ({ id: 'seti_1', object: 'setup_intent', status: 'succeeded', customer: customerId, payment_method: TEST_CARDS.visa, metadata: { userId: realtor.user.id } });
    expect((await deliver(t, signedWebhook('setup_intent.succeeded', setup('cus_someone_else')))).status).toBe(200);
    expect((await userJson(t.app, realtor.cookie)).hasPaymentMethod).toBe(false);
    expect((await deliver(t, signedWebhook('setup_intent.succeeded', setup(customer)))).status).toBe(200);
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    expect((await userJson(t.app, realtor.cookie)).hasPaymentMethod).toBe(true);
  });

  it('answers 2xx to events it does not handle and to intents that are not ours', async () => {
    const t = await simulatedWithWebhooks();
    const before = await t.deps.eventStore.headPosition();
    expect((await deliver(t, signedWebhook('customer.created', { id: 'cus_1', object: 'customer' }))).status).toBe(200);
    const stranger = paymentIntentJson({ id: 'pi_elsewhere', status: 'succeeded', amount: 999, metadata: { paymentId: crypto.randomUUID() } });
    expect((await deliver(t, signedWebhook('payment_intent.succeeded', stranger))).status).toBe(200);
    expect(await t.deps.eventStore.headPosition()).toBe(before);
  });

  it('acknowledges a success whose amount does not match the payment, and credits nothing', async () => {
    const t = await simulatedWithWebhooks();
    const { realtor, answer, intent } = await pendingPayment(t);
    expect((await deliver(t, signedWebhook('payment_intent.succeeded', intent({ amount: 1 })))).status).toBe(200);
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(0);
    expect((await t.deps.eventStore.readStream(paymentStreamId(answer.paymentId ?? ''))).map((e) => e.type)).not.toContain('PaymentSucceeded');
  });
});

import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../../domain/accounts/commands';
import { paymentStreamId } from '../../../domain/payments/payment';
import { AUTHENTICATION_FAILED_MESSAGE, TEST_CARDS } from '../../../payments/simulated';
import { ROOT, seedSuperAdmin, send, signInAdmin } from '../../../testing/admins';
import type { PaymentAnswer } from '../../../testing/payments';
import { purchase, registerRealtorWithCard, saveCard, userJson } from '../../../testing/payments';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

async function typesIn(t: Awaited<ReturnType<typeof app>>, streamId: string) {
  return (await t.deps.eventStore.readStream(streamId)).map((e) => e.type);
}

describe('simulated payments through HTTP', () => {
  it('asks for a card first: requiresPaymentMethod with the catalogue’s message', async () => {
    const t = await app();
    const realtor = await registerRealtorWithCard(t.app, null);
    const res = await purchase(t.app, realtor.cookie, 3);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ success: false, credits: 3, requiresAction: false, clientSecret: null, requiresPaymentMethod: true, message: 'No payment method found' });
  });

  it('saves a test card after a setup, tells only hasPaymentMethod, and removes it', async () => {
    const t = await app();
    const realtor = await registerRealtorWithCard(t.app, null);
    expect(await userJson(t.app, realtor.cookie)).toMatchObject({ hasPaymentMethod: false });
    const setup = await sendJson(t.app, 'POST', '/api/payment-method/setup', {}, realtor.cookie);
    expect(await json(setup)).toEqual({ clientSecret: expect.stringMatching(/^seti_sim_[0-9a-f]+_secret_[0-9a-f]+$/) });
    const unknown = await sendJson(t.app, 'POST', '/api/payment-method/save', { paymentMethodId: 'pm_card_mastercard' }, realtor.cookie);
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ message: 'Please check your payment details' });
    expect((await sendJson(t.app, 'POST', '/api/payment-method/save', {}, realtor.cookie)).status).toBe(400);
    const saved = await sendJson(t.app, 'POST', '/api/payment-method/save', { paymentMethodId: TEST_CARDS.visa }, realtor.cookie);
    expect(await json(saved)).toEqual({ success: true, hasPaymentMethod: true });
    const user = await userJson(t.app, realtor.cookie);
    expect(user.hasPaymentMethod).toBe(true);
    // The brand and last four of the card, as the provider tells them (issue 27, item 6), and nothing else of it.
    expect(user.paymentCard).toEqual({ brand: 'visa', last4: '4242' });
    expect(JSON.stringify(user)).not.toMatch(/pm_card|cus_sim/);
    expect(await typesIn(t, userStreamId(realtor.user.id))).toEqual(expect.arrayContaining(['PaymentCustomerCreated', 'PaymentMethodSaved']));

    expect(await json(await sendJson(t.app, 'DELETE', '/api/payment-method', undefined, realtor.cookie))).toEqual({ success: true, hasPaymentMethod: false });
    expect(await userJson(t.app, realtor.cookie)).toMatchObject({ hasPaymentMethod: false, paymentCard: null });
    const again = await sendJson(t.app, 'DELETE', '/api/payment-method', undefined, realtor.cookie);
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ message: 'No payment method found' });
  });

  it('buys a package with pm_card_visa: credits added once, on the statement, the admin list and the revenue', async () => {
    const t = await app({ now: () => new Date('2026-11-22T10:00:00.000Z') });
    const realtor = await registerRealtorWithCard(t.app, TEST_CARDS.visa);
    const res = await purchase(t.app, realtor.cookie, 3);
    expect(res.status).toBe(200);
    const answer = await json<PaymentAnswer>(res);
    expect(answer).toMatchObject({ success: true, credits: 3, balance: 3, requiresAction: false, clientSecret: null, requiresPaymentMethod: false, status: 'succeeded', message: '3 credits added to your account' });
    expect(answer.paymentIntentId).toMatch(/^pi_sim_/);
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(3);
    expect(await typesIn(t, paymentStreamId(answer.paymentId ?? ''))).toEqual(['PaymentCreated', 'PaymentIntentAttached', 'PaymentSucceeded']);

    const statement = await json<Array<Record<string, unknown>>>(await sendJson(t.app, 'GET', '/api/credits/statement', undefined, realtor.cookie));
    expect(statement).toEqual([{ id: expect.any(String), kind: 'purchase', reason: 'Purchased 3 credits', description: 'Bought the 3-credit package for $36.00', href: '/store', delta: 3, balanceAfter: 3, createdAt: '2026-11-22T10:00:00.000Z' }]);

    await seedSuperAdmin(t);
    const admin = await signInAdmin(t, 'root', ROOT.password);
    const payments = await json<{ items: Array<Record<string, unknown>> }>(await send(t, 'GET', '/api/admin/payments', { cookie: admin }));
    expect(payments).toEqual({
      nextCursor: null,
      total: 1,
      items: [
        {
          id: answer.paymentId,
          userId: realtor.user.id,
          userName: 'Rita Realtor',
          userEmail: realtor.input.email,
          amount: 3600,
          credits: 3,
          status: 'succeeded',
          stripePaymentIntentId: answer.paymentIntentId,
          stripeChargeId: expect.stringMatching(/^ch_sim_/),
          failureReason: null,
          processedAt: '2026-11-22T10:00:00.000Z',
          createdAt: '2026-11-22T10:00:00.000Z',
        },
      ],
    });
    expect(await json(await send(t, 'GET', '/api/admin/dashboard', { cookie: admin }))).toMatchObject({ totalRevenue: 3600 });
  });

  it('refuses a package that does not exist with 400, and charges nothing', async () => {
    const t = await app();
    const realtor = await registerRealtorWithCard(t.app, TEST_CARDS.visa);
    for (const credits of [2, '3', 0, null]) {
      const res = await purchase(t.app, realtor.cookie, credits);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message: 'Choose a credit package of 1, 3 or 5 credits' });
    }
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(0);
  });

  it('answers pm_card_chargeDeclined with 402 and the decline, and records the failed payment', async () => {
    const t = await app();
    const realtor = await registerRealtorWithCard(t.app, TEST_CARDS.chargeDeclined);
    const res = await purchase(t.app, realtor.cookie, 1);
    expect(res.status).toBe(402);
    expect(await json(res)).toEqual({ message: 'Your card was declined.' });
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(0);
    const [failed] = await t.deps.readStore.collection('payments').find({});
    expect(failed).toMatchObject({ status: 'failed', amount: 1500, failureReason: 'Your card was declined.' });
  });

  it('takes pm_card_authenticationRequired through the simulated authentication step, crediting once', async () => {
    const t = await app();
    const realtor = await registerRealtorWithCard(t.app, TEST_CARDS.authenticationRequired);
    const answer = await json<PaymentAnswer>(await purchase(t.app, realtor.cookie, 5));
    expect(answer).toMatchObject({ success: false, credits: 5, requiresAction: true, requiresPaymentMethod: false, status: 'requires_action', message: 'Card authentication required' });
    expect(answer.clientSecret).toMatch(new RegExp(`^${answer.paymentIntentId}_secret_`));
    const id = answer.paymentIntentId ?? '';

    const waiting = await json<PaymentAnswer>(await sendJson(t.app, 'GET', `/api/payments/confirm?payment_intent=${id}`, undefined, realtor.cookie));
    expect(waiting).toMatchObject({ success: false, requiresAction: true, status: 'requires_action' });
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(0);

    const done = await json<PaymentAnswer>(await sendJson(t.app, 'POST', `/api/payments/simulated/${id}/confirm`, { outcome: 'complete' }, realtor.cookie));
    expect(done).toMatchObject({ success: true, credits: 5, balance: 5, status: 'succeeded', message: '5 credits added to your account' });
    // Repeats of the return and of the dialog add nothing.
    expect(await json(await sendJson(t.app, 'GET', `/api/payments/confirm?payment_intent=${id}&payment_intent_client_secret=forged`, undefined, realtor.cookie))).toMatchObject({ success: true, balance: 5 });
    expect(await json(await sendJson(t.app, 'POST', '/api/payments/confirm', { paymentIntentId: id }, realtor.cookie))).toMatchObject({ success: true, balance: 5 });
    expect(await json(await sendJson(t.app, 'POST', `/api/payments/simulated/${id}/confirm`, undefined, realtor.cookie))).toMatchObject({ success: true, balance: 5 });
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(5);
    expect((await typesIn(t, userStreamId(realtor.user.id))).filter((type) => type === 'CreditsPurchased')).toHaveLength(1);
  });

  it('fails the authentication on request, and keeps intents to their realtor', async () => {
    const t = await app();
    const realtor = await registerRealtorWithCard(t.app, TEST_CARDS.authenticationRequired);
    const other = await registerRealtorWithCard(t.app, TEST_CARDS.visa);
    const { paymentIntentId } = await json<PaymentAnswer>(await purchase(t.app, realtor.cookie, 1));
    const path = `/api/payments/simulated/${paymentIntentId}/confirm`;
    const stranger = await sendJson(t.app, 'POST', path, { outcome: 'complete' }, other.cookie);
    expect(stranger.status).toBe(404);
    expect(await json(stranger)).toEqual({ message: 'Payment not found' });
    expect((await sendJson(t.app, 'GET', `/api/payments/confirm?payment_intent=${paymentIntentId}`, undefined, other.cookie)).status).toBe(404);
    expect((await sendJson(t.app, 'GET', '/api/payments/confirm?payment_intent=pi_sim_nope', undefined, realtor.cookie)).status).toBe(404);

    const failed = await json<PaymentAnswer>(await sendJson(t.app, 'POST', path, { outcome: 'fail' }, realtor.cookie));
    expect(failed).toMatchObject({ success: false, status: 'requires_payment_method', message: AUTHENTICATION_FAILED_MESSAGE });
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(0);
    expect(await t.deps.readStore.collection('payments').findOne({ stripePaymentIntentId: paymentIntentId })).toMatchObject({ status: 'failed' });
  });

  it('charges a retried purchase with the same Idempotency-Key once', async () => {
    const t = await app();
    const realtor = await registerRealtorWithCard(t.app, TEST_CARDS.visa);
    const headers = { 'idempotency-key': 'purchase-attempt-0001' };
    const answers = await Promise.all([purchase(t.app, realtor.cookie, 3, headers), purchase(t.app, realtor.cookie, 3, headers)]);
    const bodies = await Promise.all(answers.map((res) => json<PaymentAnswer>(res)));
    expect(bodies.map((b) => b.paymentId)).toEqual([bodies[0]?.paymentId, bodies[0]?.paymentId]);
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(3);
    const reused = await purchase(t.app, realtor.cookie, 5, headers);
    // As for every create (docs/decisions/0061): the key was first used for another request.
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({ message: 'This Idempotency-Key was used for another request' });
    await saveCard(t.app, realtor.cookie, TEST_CARDS.visa);
    expect(await t.deps.readStore.collection('payments').countDocuments({})).toBe(1);
  });

  it('tells the client how to take cards', async () => {
    const t = await app();
    const config = await json(await sendJson(t.app, 'GET', '/api/payments/config'));
    expect(config).toMatchObject({ mode: 'simulated', publishableKey: null, returnUrl: 'http://localhost:3000/store' });
    expect((config.packages as unknown[]).length).toBe(3);
    expect((await sendJson(t.app, 'GET', '/healthz')).headers.get('content-security-policy')).not.toContain('stripe.com');
  });
});

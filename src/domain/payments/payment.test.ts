import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { CREDIT_PACKAGES, findPackage, formatCents, purchaseSchema } from './packages';
import type { PaymentEvent } from './payment';
import { AMOUNT_MISMATCH, OTHER_INTENT, payment } from './payment';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-22T10:00:05.000Z';
const paymentId = '6c1f3c2e-0000-4000-8000-000000000001';
const userId = 'b7a3c1d2-0000-4000-8000-000000000002';

const created: PaymentEvent = { type: 'PaymentCreated', data: { paymentId, userId, credits: 3, amountCents: 3600, at } };
const attached: PaymentEvent = { type: 'PaymentIntentAttached', data: { paymentId, paymentIntentId: 'pi_1', at } };
const succeeded: PaymentEvent = {
  type: 'PaymentSucceeded',
  data: { paymentId, userId, paymentIntentId: 'pi_1', chargeId: 'ch_1', credits: 3, amountCents: 3600, at: later },
};
const failed: PaymentEvent = { type: 'PaymentFailed', data: { paymentId, userId, paymentIntentId: 'pi_1', reason: 'Your card was declined.', at: later } };
const succeed = { type: 'RecordPaymentSucceeded', paymentIntentId: 'pi_1', chargeId: 'ch_1', amountCents: 3600, at: later } as const;
const fail = { type: 'RecordPaymentFailed', paymentIntentId: 'pi_1', reason: 'Your card was declined.', at: later } as const;

describe('the credit packages', () => {
  it('are the spec’s three, priced in cents', () => {
    expect(CREDIT_PACKAGES.map((p) => [p.credits, p.price, p.savings, p.bestValue])).toEqual([
      [1, 1500, 0, false],
      [3, 3600, 900, true],
      [5, 5500, 2000, false],
    ]);
    expect(findPackage(1)?.description).toBe('Single bid credit');
    expect(formatCents(3600)).toBe('36.00');
  });

  it('are named by their credits; anything else is refused', () => {
    expect(purchaseSchema.safeParse({ credits: 3 }).success).toBe(true);
    for (const credits of [2, 0, -1, 3.5, '3', null, undefined]) expect(purchaseSchema.safeParse({ credits }).success).toBe(false);
  });
});

describe('the payment stream', () => {
  it('creates a pending payment once', () => {
    given(payment).when({ type: 'CreatePayment', paymentId, userId, credits: 3, amountCents: 3600, at }).then([created]);
    given(payment, [created]).when({ type: 'CreatePayment', paymentId, userId, credits: 3, amountCents: 3600, at }).thenThrows(ConflictError);
    given(payment).when({ type: 'CreatePayment', paymentId, userId, credits: 0, amountCents: 3600, at }).thenThrows(ValidationError);
  });

  it('attaches one payment intent', () => {
    given(payment, [created]).when({ type: 'AttachPaymentIntent', paymentIntentId: 'pi_1', at }).then([attached]);
    given(payment, [created, attached]).when({ type: 'AttachPaymentIntent', paymentIntentId: 'pi_1', at }).then([]);
    given(payment, [created, attached]).when({ type: 'AttachPaymentIntent', paymentIntentId: 'pi_2', at }).thenThrows(ConflictError, OTHER_INTENT);
    given(payment).when({ type: 'AttachPaymentIntent', paymentIntentId: 'pi_1', at }).thenThrows(NotFoundError);
  });

  it('decides a success once, even before the intent was attached (a webhook that raced the answer)', () => {
    given(payment, [created]).when(succeed).then([succeeded]);
    given(payment, [created, attached]).when(succeed).then([succeeded]);
    given(payment, [created, attached, succeeded]).when(succeed).then([]);
  });

  it('refuses a success of another intent or another amount', () => {
    given(payment, [created, attached]).when({ ...succeed, paymentIntentId: 'pi_2' }).thenThrows(ConflictError, OTHER_INTENT);
    given(payment, [created, attached]).when({ ...succeed, amountCents: 100 }).thenThrows(ValidationError, AMOUNT_MISMATCH);
  });

  it('records one failure, which a later success on the same intent still overrides', () => {
    given(payment, [created, attached]).when(fail).then([failed]);
    given(payment, [created, attached, failed]).when(fail).then([]);
    given(payment, [created, attached, failed]).when(succeed).then([succeeded]);
    given(payment, [created, attached, succeeded]).when(fail).then([]);
  });

  it('folds to a status-keyed state', () => {
    const state = [created, attached, succeeded].reduce(payment.evolve, payment.initialState);
    expect(state).toMatchObject({ status: 'succeeded', paymentIntentId: 'pi_1', chargeId: 'ch_1', processedAt: later, credits: 3, amountCents: 3600 });
  });
});

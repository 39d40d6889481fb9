import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../../domain/accounts/events';
import type { PaymentEvent } from '../../domain/payments/payment';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import { openReadModels } from '../read-models';
import type { CreditLedgerDoc } from './credit-statement';
import { CREDIT_LEDGER, createCreditStatementProjection, describeLedgerEntry } from './credit-statement';
import { PAYMENTS, createPaymentsProjection } from './payments';
import type { PositionedPush } from '../projection';
import { createProjectionRunner } from '../runner';
import type { UserDoc } from '../accounts/users';
import { USERS, createUsersProjection } from '../accounts/users';

const at = '2026-11-22T10:00:00.000Z';
const userId = 'b7a3c1d2-0000-4000-8000-000000000001';
const paymentId = '6c1f3c2e-0000-4000-8000-000000000001';

const account: AccountEvent[] = [
  { type: 'UserRegistered', data: { userId, username: 'rita', email: 'rita@example.com', name: 'Rita', phone: null, role: 'realtor', at } },
  { type: 'PaymentCustomerCreated', data: { customerId: 'cus_1', at } },
  { type: 'PaymentMethodSaved', data: { paymentMethodId: 'pm_1', at } },
  { type: 'CreditsPurchased', data: { paymentId, paymentIntentId: 'pi_1', credits: 3, amountCents: 3600, at, balanceAfter: 3 } },
  { type: 'BidPlaced', data: { bidId: 'bid-1', propertyId: 'p1', amount: 100, message: '', at, balanceAfter: 2 } },
  { type: 'RewardGranted', data: { achievement: 'first-bid', credits: 1, reason: 'Achievement completed: First Bid', at, balanceAfter: 3 } },
  { type: 'BidRefunded', data: { bidId: 'bid-1', propertyId: 'p1', reason: 'Property deleted', at, balanceAfter: 4 } },
  { type: 'CreditsSetByAdmin', data: { credits: 10, previousCredits: 4, adminId: 'admin-1', reason: 'Set by administrator', at } },
  { type: 'PaymentMethodRemoved', data: { paymentMethodId: 'pm_1', at } },
];
const payment: PaymentEvent[] = [
  { type: 'PaymentCreated', data: { paymentId, userId, credits: 3, amountCents: 3600, at } },
  { type: 'PaymentIntentAttached', data: { paymentId, paymentIntentId: 'pi_1', at } },
  { type: 'PaymentSucceeded', data: { paymentId, userId, paymentIntentId: 'pi_1', chargeId: 'ch_1', credits: 3, amountCents: 3600, at: '2026-11-22T10:00:02.000Z' } },
];

async function project() {
  const eventStore = createSqliteEventStore({ path: ':memory:' });
  // Through the current generation, as the app reads: a rebuild writes a new one and switches to it.
  const readStore = openReadModels(createMemoryReadStore());
  const pushes: PositionedPush[] = [];
  const projections = [createUsersProjection(), createPaymentsProjection(), createCreditStatementProjection()];
  const runner = createProjectionRunner({ eventStore, readStore, projections, onPush: (p) => pushes.push(p), generationGraceMs: 0 });
  await runner.start();
  await eventStore.append(`payment-${paymentId}`, payment.map((e) => ({ id: crypto.randomUUID(), ...e })), expected.noStream);
  const { position } = await eventStore.append(`user-${userId}`, account.map((e) => ({ id: crypto.randomUUID(), ...e })), expected.noStream);
  await runner.waitFor(position);
  return { eventStore, readStore, runner, pushes };
}

describe('the payment read models', () => {
  it('keeps one payments document per payment, in cents, with the provider ids', async () => {
    const { eventStore, readStore, runner } = await project();
    expect(await readStore.collection(PAYMENTS).find({})).toEqual([
      expect.objectContaining({
        _id: paymentId,
        userId,
        amount: 3600,
        credits: 3,
        status: 'succeeded',
        stripePaymentIntentId: 'pi_1',
        stripeChargeId: 'ch_1',
        processedAt: '2026-11-22T10:00:02.000Z',
        createdAt: at,
      }),
    ]);
    await runner.stop();
    await eventStore.close();
  });

  it('sets the purchase balance on the user, pushes credits:changed, and records the card', async () => {
    const { eventStore, readStore, runner, pushes } = await project();
    expect(await readStore.collection<UserDoc>(USERS).findOne({ _id: userId })).toMatchObject({ credits: 10, stripeCustomerId: 'cus_1', stripePaymentMethodId: null });
    expect(pushes.map((p) => (p.event === 'credits:changed' ? p.payload.credits : p.event))).toEqual([3, 2, 3, 4, 10]);
    expect(pushes.every((p) => p.event === 'credits:changed' && p.rooms[0] === `user:${userId}`)).toBe(true);
    await runner.stop();
    await eventStore.close();
  });

  it('lists every ledger entry of the statement with its reason, newest last in the log', async () => {
    const { eventStore, readStore, runner } = await project();
    const entries = await readStore.collection<CreditLedgerDoc>(CREDIT_LEDGER).find({ userId }, { sort: { _position: -1 } });
    expect(entries.map(({ kind, delta, balanceAfter, reason }) => [kind, delta, balanceAfter, reason])).toEqual([
      ['admin', 6, 10, 'Set by administrator'],
      ['refund', 1, 4, 'Property deleted'],
      ['reward', 1, 3, 'Achievement completed: First Bid'],
      ['bid', -1, 2, 'Bid on property p1'],
      ['purchase', 3, 3, 'Purchased 3 credits'],
    ]);
    const purchase = entries.find((entry) => entry.kind === 'purchase');
    expect(purchase && describeLedgerEntry(purchase, null)).toEqual({ description: 'Bought the 3-credit package for $36.00', href: '/store' });
    await runner.rebuild();
    expect(await readStore.collection(CREDIT_LEDGER).countDocuments({ userId })).toBe(5);
    await runner.stop();
    await eventStore.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../event-store/port';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createMemoryReadStore } from '../read-store/memory';
import { propertyListedData } from '../testing/bidding';
import { createBidsProjection } from './bidding/bids';
import type { CreditsOwedDoc } from './payments/credits-owed';
import { CREDITS_OWED, createCreditsOwedProjection } from './payments/credits-owed';
import type { RefundOwedDoc } from './bidding/refunds-owed';
import { REFUNDS_OWED, createRefundsOwedProjection } from './bidding/refunds-owed';
import { createProjectionRunner } from './runner';

const at = '2026-11-22T10:00:00.000Z';
const closes = '2026-12-06T10:00:00.000Z';
const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });
const paid = (paymentId: string) => ({ paymentId, userId: 'r1', paymentIntentId: `pi_${paymentId}`, chargeId: null, credits: 5, amountCents: 5500, at });

/** Two deleted listings' bids, one refunded; two succeeded payments, one credited; and a bid on a listing already deleted. */
async function seedLog() {
  const store = createSqliteEventStore({ path: ':memory:' });
  await store.append('property-p1', [event('PropertyListed', propertyListedData('p1', 'owner', { biddingEndsAt: closes, title: 'Loft' }))], expected.noStream);
  await store.append('user-r1', [event('BidPlaced', { bidId: 'b1', propertyId: 'p1', amount: 150, message: '', at, balanceAfter: 0 })], expected.any);
  await store.append('user-r2', [event('BidPlaced', { bidId: 'b2', propertyId: 'p1', amount: 150, message: '', at, balanceAfter: 0 })], expected.any);
  await store.append('property-p1', [event('PropertyDeleted', { propertyId: 'p1', ownerId: 'owner', title: 'Loft', biddingEndsAt: closes, images: [], at })], expected.any);
  await store.append('user-r1', [event('BidRefunded', { bidId: 'b1', propertyId: 'p1', reason: 'Property deleted', at, balanceAfter: 1 })], expected.any);
  await store.append('user-r2', [event('BidPlaced', { bidId: 'b3', propertyId: 'p1', amount: 150, message: '', at, balanceAfter: 0 })], expected.any);
  await store.append('payment-pay1', [event('PaymentSucceeded', paid('pay1'))], expected.any);
  await store.append('payment-pay2', [event('PaymentSucceeded', paid('pay2'))], expected.any);
  await store.append('user-r1', [event('CreditsPurchased', { ...paid('pay1'), balanceAfter: 6 })], expected.any);
  return store;
}

describe('what the process managers owe', () => {
  it('lists the refunds and credits the log has not done, and a lagging node applying older events brings none back', async () => {
    const log = await seedLog();
    const readStore = createMemoryReadStore();
    const projections = [createBidsProjection(), createRefundsOwedProjection(), createCreditsOwedProjection()];
    const runner = createProjectionRunner({ eventStore: log, readStore, projections });
    await runner.start();
    await runner.stop();
    const owed = async () => ({
      refunds: (await readStore.collection<RefundOwedDoc>(REFUNDS_OWED).find({ doneAt: null }, { sort: { _id: 1 } })).map((d) => [d._id, d.realtorId, d.propertyTitle]),
      credits: (await readStore.collection<CreditsOwedDoc>(CREDITS_OWED).find({ doneAt: null })).map((d) => [d._id, d.userId, d.credits]),
    });
    const expectedOwed = {
      refunds: [
        ['b2', 'r2', 'Loft'],
        ['b3', 'r2', 'Loft'],
      ],
      credits: [['pay2', 'r1', 5]],
    };
    expect(await owed()).toEqual(expectedOwed);

    // The events again but the last credit, as a node lagging behind on the same read store applies them:
    // a done item is marked at its position, not deleted, so an older event cannot make it owed again.
    for (const recorded of (await log.readAll()).slice(0, -1)) {
      for (const projection of projections.slice(1)) await projection.apply(recorded, readStore);
    }
    expect(await owed()).toEqual(expectedOwed);
    await log.close();
  });
});

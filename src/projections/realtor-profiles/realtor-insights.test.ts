import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { ReadStore } from '../../read-store/port';
import { propertyListedData } from '../../testing/bidding';
import { REALTOR_INSIGHTS, REALTOR_INSIGHT_LISTINGS, computeRealtorInsights, createRealtorInsightsProjection } from './realtor-insights';

const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });
const CLOSES = '2026-12-06T10:00:00.000Z';
const LISTED = '2026-11-22T10:00:00.000Z';
const minutesAfterListing = (minutes: number) => new Date(Date.parse(LISTED) + minutes * 60_000).toISOString();

async function seedLog() {
  const store = createSqliteEventStore({ path: ':memory:' });
  const list = (id: string, location: string, biddingEndsAt = CLOSES) =>
    store.append(`property-${id}`, [event('PropertyListed', { ...propertyListedData(id, 'owner', { biddingEndsAt, listedAt: LISTED }), location })], expected.any);
  const bid = (realtor: string, bidId: string, propertyId: string, minutes: number) =>
    store.append(`user-${realtor}`, [event('BidPlaced', { bidId, propertyId, amount: 150, message: '', at: minutesAfterListing(minutes), balanceAfter: 0 })], expected.any);
  await list('p1', 'Toronto, ON');
  await list('p2', 'Toronto, ON');
  await list('p3', 'Ottawa, ON');
  await list('p4', 'Ottawa, ON', '2027-01-01T10:00:00.000Z');
  await list('p5', 'Kingston, ON');
  await bid('r1', 'b1', 'p1', 30);
  await bid('r1', 'b2', 'p2', 90);
  await bid('r1', 'b3', 'p3', 60);
  await bid('r1', 'b4', 'p4', 120);
  await bid('r1', 'b5', 'p5', 10);
  await bid('r2', 'b6', 'p1', 5);
  // The Kingston listing is deleted and r1's bid refunded: it counts nowhere.
  await store.append('property-p5', [event('PropertyDeleted', { propertyId: 'p5', ownerId: 'owner', title: 'x', biddingEndsAt: CLOSES, images: [], at: LISTED })], expected.any);
  await store.append('user-r1', [event('BidRefunded', { bidId: 'b5', propertyId: 'p5', reason: 'Property deleted', at: LISTED, balanceAfter: 1 })], expected.any);
  await store.append('selection-p1', [event('BidSelected', { propertyId: 'p1', bidId: 'b1', realtorId: 'r1', ownerId: 'owner', at: CLOSES })], expected.any);
  await store.append('selection-p3', [event('BidSelected', { propertyId: 'p3', bidId: 'b3', realtorId: 'r1', ownerId: 'owner', at: CLOSES })], expected.any);
  return store;
}

const afterClose = new Date('2026-12-07T10:00:00.000Z');

describe('realtor insights projection', () => {
  it('keeps a document per bid and per listing, and computes the insights at the clock it is asked with', async () => {
    const store = await seedLog();
    const readStore = createMemoryReadStore();
    const projection = createRealtorInsightsProjection();
    await projection.setup?.(readStore);
    for (const recorded of await store.readAll()) await projection.apply(recorded, readStore, { replaying: false });

    expect(await readStore.collection(REALTOR_INSIGHTS).findOne({ _id: 'b5' })).toMatchObject({ realtorId: 'r1', propertyId: 'p5', credits: 1, refunded: true });
    expect(await readStore.collection(REALTOR_INSIGHT_LISTINGS).findOne({ _id: 'p1' })).toMatchObject({ area: 'Toronto, ON', listedAt: LISTED, biddingEndsAt: CLOSES, selectedBidId: 'b1' });

    // p1..p3 closed, p4 open, p5's bid refunded: 2 wins of 3 closed bids; 4 credits stand.
    expect(await computeRealtorInsights(readStore, 'r1', afterClose)).toEqual({
      closedBids: 3,
      wins: 2,
      winRate: 2 / 3,
      medianMinutesToBid: 75,
      creditsSpent: 4,
      creditsPerWin: 2,
      areas: [
        { area: 'Ottawa, ON', bids: 2, wins: 1 },
        { area: 'Toronto, ON', bids: 2, wins: 1 },
      ],
    });
    // Before any listing closes there is no win rate yet.
    expect(await computeRealtorInsights(readStore, 'r1', new Date('2026-12-01T00:00:00.000Z'))).toMatchObject({ closedBids: 0, winRate: null });
    expect(await computeRealtorInsights(readStore, 'r2', afterClose)).toMatchObject({ closedBids: 1, wins: 0, winRate: 0, creditsPerWin: null, medianMinutesToBid: 5 });
    expect(await computeRealtorInsights(readStore, 'nobody', afterClose)).toEqual({
      closedBids: 0,
      wins: 0,
      winRate: null,
      medianMinutesToBid: null,
      creditsSpent: 0,
      creditsPerWin: null,
      areas: [],
    });
  });

  it('changes nothing when nodes apply the same events again, in any order', async () => {
    const store = await seedLog();
    const events = await store.readAll();
    const once = createMemoryReadStore();
    const projection = createRealtorInsightsProjection();
    for (const recorded of events) await projection.apply(recorded, once, { replaying: false });
    const again: ReadStore = createMemoryReadStore();
    for (const node of [1, 2, 3]) {
      for (const recorded of node === 2 ? [...events].reverse() : events) await projection.apply(recorded, again, { replaying: false });
    }
    // Reversed delivery still ends on the newest position of each document, so the documents match a single pass.
    for (const name of [REALTOR_INSIGHTS, REALTOR_INSIGHT_LISTINGS]) {
      const sort = { _id: 1 } as const;
      expect(await again.collection(name).find({}, { sort })).toEqual(await once.collection(name).find({}, { sort }));
    }
    expect(await computeRealtorInsights(again, 'r1', afterClose)).toEqual(await computeRealtorInsights(once, 'r1', afterClose));
  });
});

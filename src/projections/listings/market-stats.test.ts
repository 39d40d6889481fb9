import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import { createMongoReadStore } from '../../read-store/mongodb';
import type { ReadStore } from '../../read-store/port';
import { propertyListedData } from '../../testing/bidding';
import { MARKET_LISTINGS, computeMarketStats, createMarketStatsProjection } from './market-stats';

const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });
const NOW = new Date('2026-11-22T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const hoursAfter = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();

/** Austin five times however typed (20 days ago), Dallas five times (60), Waco thrice and Tyler twice (10), and one Austin listing too old to count. */
async function seedLog() {
  const store = createSqliteEventStore({ path: ':memory:' });
  const list = (id: string, location: string, listedAt: string) =>
    store.append(`property-${id}`, [event('PropertyListed', { ...propertyListedData(id, 'owner', { biddingEndsAt: hoursAfter(listedAt, 14 * 24), listedAt }), location })], expected.any);
  let bids = 0;
  const bid = (propertyId: string, at: string) =>
    store.append(`user-r${bids % 3}`, [event('BidPlaced', { bidId: `b${(bids += 1)}`, propertyId, amount: 150, message: '', at, balanceAfter: 0 })], expected.any);
  const austin = daysAgo(20);
  const spellings = ['Austin, TX', 'austin, TX', ' Austin,TX ', 'Austin, TX', 'Austin,  TX'];
  for (const [index, location] of spellings.entries()) await list(`a${index + 1}`, location, austin);
  await list('old', 'Austin, TX', daysAgo(100));
  for (const index of [1, 2, 3, 4, 5]) await list(`d${index}`, 'Dallas, TX', daysAgo(60));
  for (const index of [1, 2, 3]) await list(`w${index}`, 'Waco, TX', daysAgo(10));
  for (const index of [1, 2]) await list(`t${index}`, 'Tyler, TX', daysAgo(10));
  // Austin: first bids 1, 2, 3, 4 and 6 hours in (median 3), six bids in all; a bid on the old listing counts nowhere.
  for (const [propertyId, hours] of [['a1', 1], ['a1', 5], ['a2', 2], ['a3', 3], ['a4', 4], ['a5', 6], ['old', 1]] as const) {
    await bid(propertyId, hoursAfter(propertyId === 'old' ? daysAgo(100) : austin, hours));
  }
  // Dallas: four of five listings bid on, too few for a median.
  for (const propertyId of ['d1', 'd2', 'd3', 'd4']) await bid(propertyId, hoursAfter(daysAgo(60), 2));
  // A deleted listing still went live, and its refunded bid was still placed.
  await store.append('property-a5', [event('PropertyDeleted', { propertyId: 'a5', ownerId: 'owner', title: 'x', biddingEndsAt: NOW.toISOString(), images: [], at: NOW.toISOString() })], expected.any);
  await store.append('user-r1', [event('BidRefunded', { bidId: 'b6', propertyId: 'a5', reason: 'Property deleted', at: NOW.toISOString(), balanceAfter: 1 })], expected.any);
  // An edit moves Tyler's second listing to Waco: four in Waco, one in Tyler, summed as other areas all the same.
  await store.append('property-t2', [event('PropertyUpdated', { ...propertyListedData('t2', 'owner', { biddingEndsAt: NOW.toISOString() }), location: 'Waco, TX', at: NOW.toISOString() })], expected.any);
  return store;
}

async function project(store: ReturnType<typeof createSqliteEventStore>, readStore: ReadStore, times = 1) {
  const projection = createMarketStatsProjection();
  await projection.setup?.(readStore);
  const events = await store.readAll();
  for (let node = 1; node <= times; node += 1) {
    for (const recorded of node === 2 ? [...events].reverse() : events) await projection.apply(recorded, readStore, { replaying: false });
  }
}

const backends: Array<[string, () => ReadStore | Promise<ReadStore>]> = [['memory', () => createMemoryReadStore()]];
if (process.env.MONGODB_URL) {
  const url = process.env.MONGODB_URL;
  backends.push(['mongodb', () => createMongoReadStore({ url, dbName: `market_stats_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` })]);
}

describe.each(backends)('market stats projection (%s)', (_backend, open) => {
  it('groups listings by area however the location was typed, and shows only groups of five', async () => {
    const readStore = await open();
    await project(await seedLog(), readStore);

    expect(await readStore.collection(MARKET_LISTINGS).findOne({ _id: 't2' })).toMatchObject({ area: 'Waco, TX', listedAt: daysAgo(10) });
    expect(await readStore.collection(MARKET_LISTINGS).findOne({ _id: 'a1' })).toMatchObject({ bidIds: ['b1', 'b2'], firstBidAt: hoursAfter(daysAgo(20), 1) });
    expect(await readStore.collection(MARKET_LISTINGS).findOne({ _id: 'd5' })).toMatchObject({ bidIds: [], firstBidAt: null });
    const stats = await computeMarketStats(readStore, NOW);
    expect(stats).toEqual({
      minimumGroup: 5,
      asOf: NOW.toISOString(),
      windows: [
        {
          days: 30,
          areas: [
            { area: 'Austin, TX', listings: 5, averageBidsPerListing: 1.2, medianHoursToFirstBid: 3 },
            { area: 'Other areas', listings: 5, averageBidsPerListing: 0, medianHoursToFirstBid: null },
          ],
        },
        {
          days: 90,
          areas: [
            { area: 'Austin, TX', listings: 5, averageBidsPerListing: 1.2, medianHoursToFirstBid: 3 },
            { area: 'Dallas, TX', listings: 5, averageBidsPerListing: 0.8, medianHoursToFirstBid: null },
            { area: 'Other areas', listings: 5, averageBidsPerListing: 0, medianHoursToFirstBid: null },
          ],
        },
      ],
    });
    // Eleven days earlier Waco and Tyler were not listed yet.
    const earlier = await computeMarketStats(readStore, new Date(Date.parse(daysAgo(11))));
    expect(earlier.windows[0]?.areas).toEqual([{ area: 'Austin, TX', listings: 5, averageBidsPerListing: 1.2, medianHoursToFirstBid: 3 }]);
    await readStore.close();
  });

  it('writes nothing twice when nodes apply the same events again, in any order', async () => {
    const store = await seedLog();
    const once = await open();
    await project(store, once);
    const again = await open();
    await project(store, again, 3);
    const sort = { _id: 1 } as const;
    expect(await again.collection(MARKET_LISTINGS).find({}, { sort })).toEqual(await once.collection(MARKET_LISTINGS).find({}, { sort }));
    const bidIds = (await again.collection<{ _id: string; bidIds: string[] }>(MARKET_LISTINGS).find({})).flatMap((listing) => listing.bidIds);
    expect(bidIds).toHaveLength(11);
    expect(await computeMarketStats(again, NOW)).toEqual(await computeMarketStats(once, NOW));
    await Promise.all([once.close(), again.close()]);
  });
});

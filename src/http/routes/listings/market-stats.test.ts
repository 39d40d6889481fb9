import { describe, expect, it } from 'vitest';
import { propertyStreamId } from '../../../domain/listings/events';
import { expected } from '../../../event-store/port';
import type { BiddingApp } from '../../../testing/bidding';
import { get, placeBid, propertyListedData, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { testAppPerTest } from '../../../testing/test-app';
import { MARKET_LISTINGS } from '../../../projections/listings/market-stats';

const app = testAppPerTest();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A listing going live at the test clock, with a title and address that must never reach the stats. */
async function listIn(t: BiddingApp, ownerId: string, location: string, n: number): Promise<string> {
  const propertyId = crypto.randomUUID();
  const listedAt = t.deps.clock().toISOString();
  const data = {
    ...propertyListedData(propertyId, ownerId, { biddingEndsAt: new Date(Date.parse(listedAt) + 14 * DAY).toISOString(), listedAt, title: `Sunny Maple Cottage ${n}` }),
    address: `${40 + n} Quillfeather Lane`,
    location,
  };
  const { position } = await t.deps.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data }], expected.noStream);
  await t.runner.waitFor(position);
  return propertyId;
}

const areas = async (t: BiddingApp) => {
  const res = await get(t, '/api/stats/areas');
  expect(res.status).toBe(200);
  return (await res.json()) as { windows: Array<{ days: number; areas: Array<Record<string, unknown>> }>; minimumGroup: number; asOf: string };
};

describe('GET /api/stats/areas', () => {
  it('shows an area once five listings went live in it, to anyone, and keeps the answer for a minute', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t, { name: 'Harriet Quillfeather' });
    for (const n of [1, 2, 3, 4]) await listIn(t, owner.user.id, 'Ottawa, ON', n);

    const four = await get(t, '/api/stats/areas');
    expect(four.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await four.json()).toEqual({
      windows: [
        { days: 30, areas: [] },
        { days: 90, areas: [] },
      ],
      minimumGroup: 5,
      asOf: '2026-11-22T10:00:00.000Z',
    });

    await listIn(t, owner.user.id, 'ottawa,  ON', 5);
    // This node answers what it computed less than a minute ago.
    clock.advance(59 * 1000);
    expect((await areas(t)).windows[0]?.areas).toEqual([]);
    clock.advance(1000);
    const five = await areas(t);
    expect(five.asOf).toBe('2026-11-22T10:01:00.000Z');
    for (const window of five.windows) expect(window.areas).toEqual([{ area: 'Ottawa, ON', listings: 5, averageBidsPerListing: 0, medianHoursToFirstBid: null }]);
  });

  it('computes once for requests that arrive together, and keeps no failed computation', async () => {
    const t = await app({ now: testClock().now });
    t.faults.readStore.failCollection(MARKET_LISTINGS, { operations: ['find'], error: () => new Error('primary stepped down') });
    const together = await Promise.all([get(t, '/api/stats/areas'), get(t, '/api/stats/areas')]);
    expect(together.map((res) => res.status)).toEqual([500, 500]);
    expect(t.faults.readStore.failures(MARKET_LISTINGS)).toBe(1);
    // The same minute, the store answers again: the failure was not kept.
    expect((await areas(t)).windows).toEqual([
      { days: 30, areas: [] },
      { days: 90, areas: [] },
    ]);
  });

  it('counts bids per listing and the median time to the first bid over 30 and 90 days, and names no listing or person', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t, { name: 'Harriet Quillfeather' });
    const realtors = [await registerRealtor(t, 10, { name: 'Bartholomew Inkwell' }), await registerRealtor(t, 10, { name: 'Cordelia Vane' })];
    const listings: string[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) listings.push(await listIn(t, owner.user.id, 'Kingston, ON', n));
    // First bids 1, 2, 3, 5 and 8 hours in (median 3); the sixth listing gets none; nine bids over six listings.
    const plan: Array<[number, number]> = [[0, 1], [1, 2], [2, 3], [3, 5], [4, 8], [0, 9], [1, 9], [2, 9], [3, 9]];
    const start = clock.now().getTime();
    for (const [index, [listing, hours]] of plan.entries()) {
      clock.set(new Date(start + hours * HOUR).toISOString());
      expect((await placeBid(t, realtors[index < 5 ? 0 : 1]!.cookie, listings[listing]!)).status).toBe(201);
    }

    clock.set(new Date(start + 10 * DAY).toISOString());
    const kingston = { area: 'Kingston, ON', listings: 6, averageBidsPerListing: 1.5, medianHoursToFirstBid: 3 };
    const stats = await areas(t);
    expect(stats.windows).toEqual([
      { days: 30, areas: [kingston] },
      { days: 90, areas: [kingston] },
    ]);
    const body = JSON.stringify(stats);
    for (const secret of ['Sunny Maple', 'Quillfeather', 'Inkwell', 'Cordelia', owner.user.id, realtors[0]!.user.id, ...listings]) expect(body).not.toContain(secret);

    // Forty days on, the listings are out of the last 30 days and still within the last 90.
    clock.set(new Date(start + 40 * DAY).toISOString());
    expect((await areas(t)).windows).toEqual([
      { days: 30, areas: [] },
      { days: 90, areas: [kingston] },
    ]);
  });
});

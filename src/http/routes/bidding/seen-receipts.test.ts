import { describe, expect, it } from 'vitest';
import { bidSeenStreamId } from '../../../domain/bidding/seen';
import { get, listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { testAppPerTest } from '../../../testing/test-app';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

async function setUp() {
  const clock = testClock();
  const t = await app({ now: clock.now });
  const owner = await registerHomeowner(t);
  const realtor = await registerRealtor(t, 2);
  const other = await registerRealtor(t, 2);
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Sunny loft' });
  return { t, clock, owner, realtor, other, propertyId };
}

type OwnBid = { id: string; seenAt: string | null };
const ownBids = async (t: Awaited<ReturnType<typeof setUp>>['t'], cookie: string) => (await (await get(t, '/api/bids', cookie)).json()) as OwnBid[];

describe('seen receipts: GET /api/properties/{id}/bids by the owner', () => {
  it('marks each unseen bid seen once, at the first load, and the realtor reads seenAt', async () => {
    const { t, clock, owner, realtor, other, propertyId } = await setUp();
    expect((await placeBid(t, realtor.cookie, propertyId)).status).toBe(201);
    expect((await ownBids(t, realtor.cookie))[0]?.seenAt).toBeNull();

    clock.set('2026-11-23T09:00:00.000Z');
    expect((await get(t, `/api/properties/${propertyId}/bids`, owner.cookie)).status).toBe(200);
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    expect((await ownBids(t, realtor.cookie))[0]?.seenAt).toBe('2026-11-23T09:00:00.000Z');

    // A reload writes nothing; a new bid is marked at the next load, alone.
    clock.set('2026-11-24T09:00:00.000Z');
    expect((await get(t, `/api/properties/${propertyId}/bids`, owner.cookie)).status).toBe(200);
    expect(await t.deps.eventStore.readStream(bidSeenStreamId(propertyId))).toHaveLength(1);
    expect((await placeBid(t, other.cookie, propertyId)).status).toBe(201);
    expect((await get(t, `/api/properties/${propertyId}/bids`, owner.cookie)).status).toBe(200);
    const marks = await t.deps.eventStore.readStream(bidSeenStreamId(propertyId));
    expect(marks.map((e) => [e.type, (e.data as { realtorId: string; at: string }).realtorId, (e.data as { at: string }).at])).toEqual([
      ['BidSeen', realtor.user.id, '2026-11-23T09:00:00.000Z'],
      ['BidSeen', other.user.id, '2026-11-24T09:00:00.000Z'],
    ]);
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    expect((await ownBids(t, realtor.cookie))[0]?.seenAt).toBe('2026-11-23T09:00:00.000Z');
  });

  it('marks nothing when a realtor loads their own bid on the listing', async () => {
    const { t, realtor, propertyId } = await setUp();
    expect((await placeBid(t, realtor.cookie, propertyId)).status).toBe(201);
    expect((await get(t, `/api/properties/${propertyId}/bids`, realtor.cookie)).status).toBe(200);
    expect(await t.deps.eventStore.readStream(bidSeenStreamId(propertyId))).toEqual([]);
    expect((await ownBids(t, realtor.cookie))[0]?.seenAt).toBeNull();
  });

  it('writes the marks once when the owner loads twice at the same time', async () => {
    const { t, owner, realtor, other, propertyId } = await setUp();
    for (const bidder of [realtor, other]) expect((await placeBid(t, bidder.cookie, propertyId)).status).toBe(201);
    const loads = await Promise.all([1, 2, 3].map(() => get(t, `/api/properties/${propertyId}/bids`, owner.cookie)));
    expect(loads.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await t.deps.eventStore.readStream(bidSeenStreamId(propertyId))).toHaveLength(2);
  });
});

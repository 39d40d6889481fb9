import { describe, expect, it } from 'vitest';
import { propertyStreamId } from '../../../domain/listings/events';
import { expected } from '../../../event-store/port';
import type { BiddingApp } from '../../../testing/bidding';
import { get, placeBid, propertyListedData, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';
const MINUTE = 60_000;

/** A listing in the given city, listed when the test clock starts (2026-11-22T10:00Z). */
async function listIn(t: BiddingApp, ownerId: string, location: string, biddingEndsAt = closes): Promise<string> {
  const propertyId = crypto.randomUUID();
  const data = { ...propertyListedData(propertyId, ownerId, { biddingEndsAt, listedAt: '2026-11-22T10:00:00.000Z' }), location };
  const { position } = await t.deps.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data }], expected.noStream);
  await t.runner.waitFor(position);
  return propertyId;
}

const insights = async (t: BiddingApp, cookie: string) => (await get(t, '/api/dashboard/insights', cookie)).json();

describe('GET /api/dashboard/insights', () => {
  it('answers the win rate on closed listings, the median time to bid, credits per win and bids and wins by area', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 4);
    const toronto = await listIn(t, owner.user.id, 'Toronto, ON');
    const ottawa = await listIn(t, owner.user.id, 'Ottawa, ON');
    const later = await listIn(t, owner.user.id, 'Toronto, ON', '2027-01-10T10:00:00.000Z');
    clock.advance(30 * MINUTE);
    const won = (await (await placeBid(t, realtor.cookie, toronto)).json()) as { id: string };
    clock.advance(30 * MINUTE);
    expect((await placeBid(t, realtor.cookie, ottawa)).status).toBe(201);
    clock.advance(60 * MINUTE);
    expect((await placeBid(t, realtor.cookie, later)).status).toBe(201);

    // While every listing is open, there is nothing to judge a win rate by yet.
    expect(await insights(t, realtor.cookie)).toMatchObject({ closedBids: 0, wins: 0, winRate: null, creditsSpent: 3, creditsPerWin: null, medianMinutesToBid: 60 });

    clock.set(closes);
    expect((await sendJson(t.app, 'POST', `/api/properties/${toronto}/select-bid`, { bidId: won.id }, owner.cookie)).status).toBe(200);
    expect(await insights(t, realtor.cookie)).toEqual({
      closedBids: 2,
      wins: 1,
      winRate: 0.5,
      medianMinutesToBid: 60,
      creditsSpent: 3,
      creditsPerWin: 3,
      areas: [
        { area: 'Toronto, ON', bids: 2, wins: 1 },
        { area: 'Ottawa, ON', bids: 1, wins: 0 },
      ],
    });
  });

  it('answers empty insights to a realtor without bids, and refuses everyone else', async () => {
    const t = await app();
    const realtor = await registerRealtor(t);
    const homeowner = await registerHomeowner(t);
    expect(await insights(t, realtor.cookie)).toEqual({
      closedBids: 0,
      wins: 0,
      winRate: null,
      medianMinutesToBid: null,
      creditsSpent: 0,
      creditsPerWin: null,
      areas: [],
    });
    expect((await get(t, '/api/dashboard/insights', homeowner.cookie)).status).toBe(403);
    expect((await get(t, '/api/dashboard/insights')).status).toBe(401);
  });
});

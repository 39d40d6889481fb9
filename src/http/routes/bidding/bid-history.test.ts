import { describe, expect, it } from 'vitest';
import { deleteListing, get, listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

async function setUp() {
  const clock = testClock();
  const t = await app({ now: clock.now });
  const owner = await registerHomeowner(t, { name: 'Olive Owner' });
  const realtor = await registerRealtor(t, 3, { name: 'Rita Realtor', phone: '+14165550177' });
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Sunny loft' });
  const bid = (await (await placeBid(t, realtor.cookie, propertyId, { amount: 150, message: 'First pitch' })).json()) as { id: string };
  const edit = async (message: string) => {
    clock.advance(60_000);
    const res = await sendJson(t.app, 'PUT', `/api/bids/${bid.id}`, { message }, realtor.cookie);
    expect(res.status).toBe(200);
  };
  return { t, clock, owner, realtor, propertyId, bid, edit };
}

const answer = async (res: Response) => [res.status, await res.json()] as const;

describe('GET /api/bids/{bidId}/history', () => {
  it("answers the bid's messages with their times, oldest first, to the listing's owner and to the bid's realtor", async () => {
    const { t, owner, realtor, bid, edit } = await setUp();
    await edit('Second pitch');
    await edit('Third pitch');
    const history = [
      { kind: 'placed', message: 'First pitch', at: '2026-11-22T10:00:00.000Z' },
      { kind: 'edited', message: 'Second pitch', at: '2026-11-22T10:01:00.000Z' },
      { kind: 'edited', message: 'Third pitch', at: '2026-11-22T10:02:00.000Z' },
    ];
    expect(await answer(await get(t, `/api/bids/${bid.id}/history`, owner.cookie))).toEqual([200, history]);
    expect(await answer(await get(t, `/api/bids/${bid.id}/history`, realtor.cookie))).toEqual([200, history]);
  });

  it('answers a bid never edited with the message it was placed with, even an empty one', async () => {
    const { t, owner, realtor, propertyId } = await setUp();
    const quiet = await registerRealtor(t, 2);
    const bid = (await (await placeBid(t, quiet.cookie, propertyId, { amount: 180 })).json()) as { id: string };
    expect(await answer(await get(t, `/api/bids/${bid.id}/history`, owner.cookie))).toEqual([200, [{ kind: 'placed', message: '', at: '2026-11-22T10:00:00.000Z' }]]);
    expect((await get(t, `/api/bids/${bid.id}/history`, realtor.cookie)).status).toBe(404);
  });

  it("is 404 'Bid not found' for another homeowner, another realtor, an unknown bid, and the owner once the listing is deleted", async () => {
    const { t, owner, realtor, propertyId, bid, edit } = await setUp();
    await edit('Second pitch');
    const stranger = await registerHomeowner(t);
    const rival = await registerRealtor(t, 2);
    // The rival bid on the same listing, and still learns nothing of another bid on it.
    expect((await placeBid(t, rival.cookie, propertyId)).status).toBe(201);
    const notFound = [404, { message: 'Bid not found' }];
    expect(await answer(await get(t, `/api/bids/${bid.id}/history`, stranger.cookie))).toEqual(notFound);
    expect(await answer(await get(t, `/api/bids/${bid.id}/history`, rival.cookie))).toEqual(notFound);
    expect(await answer(await get(t, '/api/bids/no-such-bid/history', owner.cookie))).toEqual(notFound);
    await deleteListing(t, propertyId, owner.user.id, closes, 'Sunny loft');
    expect(await answer(await get(t, `/api/bids/${bid.id}/history`, owner.cookie))).toEqual(notFound);
    // The realtor keeps their own bid's history, as they keep the refunded bid.
    expect((await get(t, `/api/bids/${bid.id}/history`, realtor.cookie)).status).toBe(200);
  });

  it("answers 400 'Invalid bid id' to an id no bid can have, and 401 without a session", async () => {
    const { t, owner, bid } = await setUp();
    for (const id of ['bad id!', 'a'.repeat(65), '%00']) {
      expect(await answer(await get(t, `/api/bids/${encodeURIComponent(id)}/history`, owner.cookie))).toEqual([400, { message: 'Invalid bid id', errors: { _: 'Invalid bid id' } }]);
    }
    expect((await get(t, `/api/bids/${bid.id}/history`)).status).toBe(401);
  });

  it('gives no contact details or name of the bidder, before or after the owner chose them', async () => {
    const { t, clock, owner, realtor, propertyId, bid, edit } = await setUp();
    await edit('Second pitch');
    const secrets = ['Rita Realtor', realtor.input.email, '4165550177'];
    const text = async () => (await get(t, `/api/bids/${bid.id}/history`, owner.cookie)).text();
    const before = await text();
    expect(before).toContain('Second pitch');
    expect(secrets.filter((secret) => before.includes(secret))).toEqual([]);
    clock.set('2026-12-06T10:00:01.000Z');
    expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: bid.id }, owner.cookie)).status).toBe(200);
    const after = await text();
    expect(secrets.filter((secret) => after.includes(secret))).toEqual([]);
  });
});

describe('GET /api/properties/{id}/bids: editCount', () => {
  it('counts the edits of each bid, 0 for a bid never edited, and follows each new edit', async () => {
    const { t, owner, realtor, propertyId, bid, edit } = await setUp();
    const other = await registerRealtor(t, 2);
    const otherBid = (await (await placeBid(t, other.cookie, propertyId, { amount: 200 })).json()) as { id: string };
    const counts = async (cookie: string) => {
      const list = (await (await get(t, `/api/properties/${propertyId}/bids`, cookie)).json()) as Array<{ id: string; editCount: number }>;
      return Object.fromEntries(list.map((item) => [item.id, item.editCount]));
    };
    expect(await counts(owner.cookie)).toEqual({ [bid.id]: 0, [otherBid.id]: 0 });
    await edit('Second pitch');
    await edit('Third pitch');
    expect(await counts(owner.cookie)).toEqual({ [bid.id]: 2, [otherBid.id]: 0 });
    expect(await counts(realtor.cookie)).toEqual({ [bid.id]: 2 });
  });
});

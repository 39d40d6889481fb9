import { describe, expect, it } from 'vitest';
import { ROOT, seedSuperAdmin, signInAdmin } from '../../../testing/admins';
import { deleteListing, get, listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

type Shown = { id: string; status: string; statusLabel: string; selected: boolean };
const read = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as Shown[];
};
/** The back office's list answers a page: `{ items, nextCursor, total }`. */
const readPage = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Shown[] }).items;
};

describe('a bid’s status, the same in every answer', () => {
  it('goes open → awaiting the owner’s choice → selected / not selected, and a refunded bid says so', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    await seedSuperAdmin(t);
    const admin = await signInAdmin(t, 'root', ROOT.password);
    const owner = await registerHomeowner(t, { name: 'Olive Owner' });
    const chosen = await registerRealtor(t, 2, { name: 'Rita Realtor' });
    const other = await registerRealtor(t, 2, { name: 'Ray Rival' });
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Sunny loft' });
    const goneId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Gone cottage' });
    const chosenBid = (await (await placeBid(t, chosen.cookie, propertyId)).json()) as Shown;
    const otherBid = (await (await placeBid(t, other.cookie, propertyId)).json()) as Shown;
    expect((await placeBid(t, other.cookie, goneId)).status).toBe(201);

    // Every place that shows a bid: the realtor's own list, the owner's list and the back office.
    const states = async () => {
      const own = [...(await read(await get(t, '/api/bids', chosen.cookie))), ...(await read(await get(t, '/api/bids', other.cookie)))];
      const owners = await read(await get(t, `/api/properties/${propertyId}/bids`, owner.cookie));
      const admins = await readPage(await t.app.request('/api/admin/bids', { headers: { cookie: admin } }));
      const of = (list: Shown[], id: string) => list.filter((bid) => bid.id === id).map((bid) => [bid.status, bid.statusLabel]);
      return [chosenBid.id, otherBid.id].map((id) => {
        const seen = [...of(own, id), ...of(owners, id), ...of(admins, id)];
        // One state per bid, whoever looks.
        expect(new Set(seen.map((s) => s.join()))).toHaveProperty('size', 1);
        expect(seen).toHaveLength(3);
        return seen[0];
      });
    };

    expect(await states()).toEqual([
      ['pending', 'Open'],
      ['pending', 'Open'],
    ]);
    clock.set('2026-12-06T10:00:01.000Z');
    expect(await states()).toEqual([
      ['processing', 'Awaiting the owner’s choice'],
      ['processing', 'Awaiting the owner’s choice'],
    ]);
    expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: chosenBid.id }, owner.cookie)).status).toBe(200);
    expect(await states()).toEqual([
      ['completed', 'Selected'],
      ['failed', 'Not selected'],
    ]);

    await deleteListing(t, goneId, owner.user.id, closes, 'Gone cottage');
    await t.bidRefunds.idle();
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    const refunded = (await read(await get(t, '/api/bids', other.cookie))).find((bid) => bid.id !== otherBid.id);
    expect(refunded).toMatchObject({ status: 'failed', statusLabel: 'Refunded', propertyTitle: 'Gone cottage', propertyDeleted: true });
    const inBackOffice = (await readPage(await t.app.request('/api/admin/bids', { headers: { cookie: admin } }))).find((bid) => bid.id === refunded?.id);
    expect(inBackOffice).toMatchObject({ status: 'failed', statusLabel: 'Refunded' });
  });
});

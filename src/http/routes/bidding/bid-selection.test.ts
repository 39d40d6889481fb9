import { describe, expect, it } from 'vitest';
import { selectionStreamId } from '../../../domain/bidding/selection';
import { get, listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

async function setUp() {
  const clock = testClock();
  const t = await app({ now: clock.now });
  const owner = await registerHomeowner(t, { name: 'Olive Owner', phone: '+14165550111' });
  const chosen = await registerRealtor(t, 1, { name: 'Rita Realtor', phone: '+14165550122' });
  const other = await registerRealtor(t, 1, { name: 'Ray Rival', phone: '+14165550133' });
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Sunny loft' });
  const chosenBid = (await (await placeBid(t, chosen.cookie, propertyId, { amount: 150 })).json()) as { id: string };
  const otherBid = (await (await placeBid(t, other.cookie, propertyId, { amount: 200 })).json()) as { id: string };
  const select = (cookie: string, bidId: string, id = propertyId) => sendJson(t.app, 'POST', `/api/properties/${id}/select-bid`, { bidId }, cookie);
  return { t, clock, owner, chosen, other, propertyId, chosenBid, otherBid, select };
}

const answer = async (res: Response) => [res.status, ((await res.json()) as { message?: string }).message];

describe('POST /api/properties/{id}/select-bid', () => {
  it('refuses anyone but the owner: another homeowner by the rule, a realtor by role', async () => {
    const { t, clock, chosen, chosenBid, select } = await setUp();
    clock.set(closes);
    const stranger = await registerHomeowner(t);
    expect(await answer(await select(stranger.cookie, chosenBid.id))).toEqual([403, 'Only the owner of this property can select a bid']);
    expect((await select(chosen.cookie, chosenBid.id)).status).toBe(403);
    expect((await select('', chosenBid.id)).status).toBe(401);
  });

  it('answers 400 while bidding is open, 404 for an unknown bid or property, 400 without a bid', async () => {
    const { t, clock, owner, propertyId, chosenBid, select } = await setUp();
    expect(await answer(await select(owner.cookie, chosenBid.id))).toEqual([400, 'Bidding is still open']);
    clock.set(closes);
    expect(await answer(await select(owner.cookie, 'no-such-bid'))).toEqual([404, 'Bid not found']);
    expect(await answer(await select(owner.cookie, chosenBid.id, 'no-such-property'))).toEqual([404, 'Property not found']);
    expect(await answer(await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, {}, owner.cookie))).toEqual([400, 'Bid is required']);
  });

  it('marks the listing as having its realtor chosen in the property answers once the owner selects', async () => {
    const { t, clock, owner, chosen, propertyId, chosenBid, select } = await setUp();
    const chosenIn = async (cookie: string) => {
      const one = (await (await get(t, `/api/properties/${propertyId}`, cookie)).json()) as { realtorChosen: boolean };
      const mine = (await (await get(t, '/api/user/properties', owner.cookie)).json()) as { id: string; realtorChosen: boolean }[];
      const all = (await (await get(t, '/api/properties', cookie)).json()) as { id: string; realtorChosen: boolean }[];
      return [one.realtorChosen, mine.find((p) => p.id === propertyId)?.realtorChosen, all.find((p) => p.id === propertyId)?.realtorChosen];
    };
    clock.set('2026-12-06T10:00:01.000Z');
    expect(await chosenIn(owner.cookie)).toEqual([false, false, false]);
    expect((await select(owner.cookie, chosenBid.id)).status).toBe(200);
    expect(await chosenIn(owner.cookie)).toEqual([true, true, true]);
    expect(await chosenIn(chosen.cookie)).toEqual([true, true, true]);
  });

  it('selects once after the close, tells both parties with contact details and the others without', async () => {
    const { t, clock, owner, chosen, other, propertyId, chosenBid, otherBid, select } = await setUp();
    clock.set('2026-12-06T10:00:01.000Z');
    const res = await select(owner.cookie, chosenBid.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      propertyId,
      bidId: chosenBid.id,
      realtorId: chosen.user.id,
      selectedAt: '2026-12-06T10:00:01.000Z',
      bid: { id: chosenBid.id, selected: true, realtorName: 'Rita Realtor', realtorEmail: chosen.input.email, realtorPhone: '+14165550122' },
    });
    expect((await t.deps.eventStore.readStream(selectionStreamId(propertyId))).map((e) => e.type)).toEqual(['BidSelected']);

    const mails = await t.mailed();
    // Registration sent verification mails first; only the bidding mails matter here.
    const to = (email: string) => mails.filter((m) => m.to === email && m.tag?.startsWith('bid'));
    const [toChosen] = to(chosen.input.email);
    expect(toChosen?.subject).toBe('Your bid on "Sunny loft" was selected');
    expect(toChosen?.text).toContain(owner.input.email);
    expect(toChosen?.text).toContain('+14165550111');
    expect(toChosen?.html).toContain(owner.input.email);
    const [toOwner] = to(owner.input.email).filter((m) => m.tag === 'bid-selection');
    expect(toOwner?.text).toContain(chosen.input.email);
    expect(toOwner?.html).toContain('+14165550122');
    const [toOther] = to(other.input.email);
    expect(toOther?.subject).toBe('Your bid on "Sunny loft" was not selected');
    expect(`${toOther?.text}${toOther?.html}`).not.toContain(owner.input.email);

    expect(await answer(await select(owner.cookie, otherBid.id))).toEqual([409, 'A bid has already been selected for this property']);

    // The owner now sees the chosen realtor's contact on that bid only.
    const bids = (await (await get(t, `/api/properties/${propertyId}/bids`, owner.cookie)).json()) as Array<Record<string, unknown>>;
    const byId = new Map(bids.map((b) => [b.id, b]));
    expect(byId.get(chosenBid.id)).toMatchObject({ selected: true, realtorEmail: chosen.input.email, realtorPhone: '+14165550122' });
    expect(byId.get(otherBid.id)).not.toHaveProperty('realtorEmail');
    expect(byId.get(otherBid.id)).not.toHaveProperty('realtorPhone');
    // And the chosen realtor sees the owner's.
    const own = (await (await get(t, '/api/bids', chosen.cookie)).json()) as Array<Record<string, unknown>>;
    expect(own[0]).toMatchObject({ selected: true, ownerName: 'Olive Owner', ownerEmail: owner.input.email, ownerPhone: '+14165550111' });
    const others = (await (await get(t, '/api/bids', other.cookie)).json()) as Array<Record<string, unknown>>;
    expect(others[0]).toMatchObject({ selected: false });
    expect(others[0]).not.toHaveProperty('ownerEmail');
  });
});

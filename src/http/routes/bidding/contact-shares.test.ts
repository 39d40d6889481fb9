import { describe, expect, it } from 'vitest';
import type { BiddingApp } from '../../../testing/bidding';
import { get, listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

const shares = async (t: BiddingApp, cookie?: string) => get(t, '/api/contact-shares', cookie);

describe('GET /api/contact-shares', () => {
  it('shows both parties of a selection a dated entry, and a third party none', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t, { name: 'Olive Owner' });
    const chosen = await registerRealtor(t, 2, { name: 'Rita Realtor' });
    const other = await registerRealtor(t, 2, { name: 'Otto Other' });
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Maple Cottage' });
    const bid = (await (await placeBid(t, chosen.cookie, propertyId)).json()) as { id: string };
    expect((await placeBid(t, other.cookie, propertyId)).status).toBe(201);

    // Before the selection nobody has seen anybody's details.
    expect(await (await shares(t, owner.cookie)).json()).toEqual({ shares: [] });

    clock.set(closes);
    expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: bid.id }, owner.cookie)).status).toBe(200);

    const ownerAnswer = await shares(t, owner.cookie);
    expect(ownerAnswer.status).toBe(200);
    expect(await ownerAnswer.json()).toEqual({
      shares: [{ propertyId, propertyTitle: 'Maple Cottage', otherUserId: chosen.user.id, otherName: 'Rita Realtor', role: 'owner', details: ['email', 'phone'], at: closes }],
    });
    expect(await (await shares(t, chosen.cookie)).json()).toEqual({
      shares: [{ propertyId, propertyTitle: 'Maple Cottage', otherUserId: owner.user.id, otherName: 'Olive Owner', role: 'realtor', details: ['email', 'phone'], at: closes }],
    });
    expect(await (await shares(t, other.cookie)).json()).toEqual({ shares: [] });
  });

  it('answers 401 without a session', async () => {
    const t = await app();
    expect((await shares(t)).status).toBe(401);
  });
});

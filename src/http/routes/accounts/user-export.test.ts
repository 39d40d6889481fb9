import { describe, expect, it } from 'vitest';
import { listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { ROOT, seedSuperAdmin, signInAdmin } from '../../../testing/admins';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

type Export = {
  account: { id: string; email: string; name: string; phone: string | null; role: string };
  listings: { id: string; address: string }[];
  bids: { id: string; message: string }[];
  creditStatement: unknown[];
  contactShares: { ownerId: string; realtorId: string; role: string }[];
  activity: { action: string; ipAddress: string | null }[];
};

describe('GET /api/user/export', () => {
  it('downloads the signed-in user\'s account, listings, bids and statement as a dated JSON attachment, and never another user\'s', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t, { phone: '+14165550111', name: 'Olive Owner' });
    const realtor = await registerRealtor(t, 3, { phone: '+14165550122', name: 'Rita Realtor' });
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes });
    const bid = (await (await placeBid(t, realtor.cookie, propertyId, { amount: 150, message: 'Call me any time' })).json()) as { id: string };

    const res = await sendJson(t.app, 'GET', '/api/user/export', undefined, realtor.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="bidhome-data-${clock.now().toISOString().slice(0, 10)}.json"`);
    const text = await res.text();
    const data = JSON.parse(text) as Export;
    expect(data.account).toMatchObject({ id: realtor.user.id, email: realtor.input.email, name: 'Rita Realtor', phone: '+14165550122', role: 'realtor' });
    expect(data.bids).toEqual([expect.objectContaining({ id: bid.id, message: 'Call me any time' })]);
    expect(data.creditStatement.length).toBeGreaterThan(0);
    expect(text).not.toContain(owner.input.email);
    expect(text).not.toContain('4165550111');
    expect(text).not.toMatch(/passwordHash|sessionVersion|stripe/i);

    const ownerData = (await (await sendJson(t.app, 'GET', '/api/user/export', undefined, owner.cookie)).json()) as Export;
    expect(ownerData.account.id).toBe(owner.user.id);
    expect(ownerData.listings).toEqual([expect.objectContaining({ id: propertyId, address: '1 Main St' })]);
    expect(ownerData.bids).toEqual([]);
    expect(JSON.stringify(ownerData)).not.toContain(realtor.input.email);
    expect(JSON.stringify(ownerData)).not.toContain('Call me any time');
  });

  it('lists the selections that shared the user\'s details, and the sign-ins recorded about them', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 3);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes });
    const bid = (await (await placeBid(t, realtor.cookie, propertyId)).json()) as { id: string };
    clock.set(closes);
    expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: bid.id }, owner.cookie)).status).toBe(200);
    expect((await sendJson(t.app, 'POST', '/api/login', { username: realtor.input.username, password: realtor.input.password })).status).toBe(200);

    const data = (await (await sendJson(t.app, 'GET', '/api/user/export', undefined, realtor.cookie)).json()) as Export;
    expect(data.contactShares).toEqual([expect.objectContaining({ ownerId: owner.user.id, realtorId: realtor.user.id, role: 'realtor' })]);
    expect(data.activity.map((entry) => entry.action)).toContain('user.login');
  });

  it('is 401 without a user session, an administrator\'s included', async () => {
    const t = await app();
    await seedSuperAdmin(t);
    const adminCookie = await signInAdmin(t, ROOT.username, ROOT.password);
    expect((await sendJson(t.app, 'GET', '/api/user/export')).status).toBe(401);
    const res = await sendJson(t.app, 'GET', '/api/user/export', undefined, adminCookie);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });
});

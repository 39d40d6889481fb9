import { describe, expect, it } from 'vitest';
import { adminSessions } from '../../testing/contact-legal';
import { get, listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../testing/bidding';
import { testAppPerTest } from '../../testing/test-app';
import { sendJson } from '../../testing/user-session';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';
const profile = {
  brokerageName: 'Maple Realty',
  licenseNumber: 'L-123',
  yearsOfExperience: 12,
  serviceAreas: ['Downtown', 'York'],
  specialties: ['Condos'],
  additionalServices: ['Staging'],
  commissionRate: '2.5%',
  about: 'Twelve years downtown.',
  profileImageUrl: 'images/avatar-1.png',
};

describe('realtor profile', () => {
  it('starts empty, saves with the spec rules, and answers the own profile with contact details', async () => {
    const t = await app();
    const realtor = await registerRealtor(t, 0, { name: 'Rita Realtor' });
    const empty = await (await get(t, '/api/realtor-profile', realtor.cookie)).json();
    expect(empty).toEqual({
      userId: realtor.user.id,
      name: 'Rita Realtor',
      profileImageUrl: null,
      brokerageName: '',
      licenseNumber: '',
      yearsOfExperience: 0,
      serviceAreas: [],
      specialties: [],
      additionalServices: [],
      commissionRate: '',
      about: '',
      updatedAt: null,
      email: realtor.input.email,
      phone: '+14165550199',
    });
    const saved = await sendJson(t.app, 'POST', '/api/realtor-profile', profile, realtor.cookie);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ...profile, userId: realtor.user.id, email: realtor.input.email, updatedAt: expect.any(String) });
    expect(await (await get(t, '/api/realtor-profile', realtor.cookie)).json()).toMatchObject(profile);
  });

  it.each([
    [{ serviceAreas: [] }, 'At least one service area is required'],
    [{ specialties: [] }, 'At least one specialty is required'],
    [{ commissionRate: '2.555%' }, 'Invalid commission rate format'],
    [{ serviceAreas: ['Atlantis'] }, 'Invalid service area'],
    [{ yearsOfExperience: -2 }, 'Years of experience must be a whole number of at least 0'],
  ])('refuses %j with %s', async (change, message) => {
    const t = await app();
    const realtor = await registerRealtor(t);
    const res = await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, ...change }, realtor.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it("shows another realtor's profile without contact details, and 404 for a homeowner or nobody", async () => {
    const t = await app();
    const realtor = await registerRealtor(t);
    const rival = await registerRealtor(t);
    const homeowner = await registerHomeowner(t);
    await sendJson(t.app, 'POST', '/api/realtor-profile', profile, realtor.cookie);
    for (const cookie of [rival.cookie, homeowner.cookie]) {
      const view = (await (await get(t, `/api/realtor-profile/${realtor.user.id}`, cookie)).json()) as Record<string, unknown>;
      // Name, brokerage and licence come with the contact, once the owner chose this realtor (issue 16, item 6).
      expect(view).toMatchObject({ userId: realtor.user.id, name: '', brokerageName: '', licenseNumber: '', yearsOfExperience: 12, profileImageUrl: 'images/avatar-1.png' });
      expect(view).not.toHaveProperty('email');
      expect(view).not.toHaveProperty('phone');
    }
    const own = (await (await get(t, `/api/realtor-profile/${realtor.user.id}`, realtor.cookie)).json()) as Record<string, unknown>;
    expect(own.email).toBe(realtor.input.email);
    expect((await get(t, `/api/realtor-profile/${homeowner.user.id}`, rival.cookie)).status).toBe(404);
    expect((await get(t, '/api/realtor-profile/nobody', rival.cookie)).status).toBe(404);
    expect((await get(t, '/api/realtor-profile', homeowner.cookie)).status).toBe(403);
  });
});

describe('GET /api/dashboard', () => {
  it('answers credits, total bids and achievement progress, with rewards in the credits', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 5);
    const listings = await Promise.all(Array.from({ length: 5 }, () => listProperty(t, owner.user.id, { biddingEndsAt: closes })));
    for (const id of listings) expect((await placeBid(t, realtor.cookie, id)).status).toBe(201);
    const dashboard = await (await get(t, '/api/dashboard', realtor.cookie)).json();
    // 5 - 5 bids + 1 (First Bid) + 3 (Bid Streak).
    expect(dashboard).toEqual({
      credits: 4,
      totalBids: 5,
      achievements: [
        { id: 'first-bid', title: 'First Bid', description: 'Place your first bid', progress: 1, maxProgress: 1, reward: 1, completed: true },
        { id: 'bid-streak', title: 'Bid Streak', description: 'Bid on 5 different properties', progress: 5, maxProgress: 5, reward: 3, completed: true },
        { id: 'high-roller', title: 'High Roller', description: 'Place 50 bids', progress: 5, maxProgress: 50, reward: 5, completed: false },
      ],
    });
    expect((await get(t, '/api/dashboard', owner.cookie)).status).toBe(403);
  });
});

describe('the back office', () => {
  it('lists realtor profiles and bids with names and titles', async () => {
    const t = await app();
    const admins = await adminSessions(t);
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 1, { name: 'Rita Realtor' });
    await sendJson(t.app, 'POST', '/api/realtor-profile', profile, realtor.cookie);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z', title: 'Sunny loft' });
    await placeBid(t, realtor.cookie, propertyId, { amount: 175 });
    const profiles = await (await get(t, '/api/admin/realtor-profiles', admins.moderator)).json();
    expect(profiles).toEqual([
      expect.objectContaining({
        userId: realtor.user.id,
        userName: 'Rita Realtor',
        userEmail: realtor.input.email,
        brokerageName: 'Maple Realty',
        licenseNumber: 'L-123',
        yearsExperience: 12,
        serviceAreas: ['Downtown', 'York'],
        specialties: ['Condos'],
        profileImage: 'images/avatar-1.png',
      }),
    ]);
    const bids = await (await get(t, '/api/admin/bids', admins.admin)).json();
    expect(bids).toEqual([expect.objectContaining({ propertyId, propertyTitle: 'Sunny loft', realtorName: 'Rita Realtor', amount: 175, selected: false })]);
    const dashboard = (await (await get(t, '/api/admin/dashboard', admins.admin)).json()) as { totalBids: number };
    expect(dashboard.totalBids).toBe(1);
  });
});

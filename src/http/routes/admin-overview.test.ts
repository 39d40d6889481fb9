import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT, ROOT, registerUser, seedSuperAdmin, send, signInAdmin } from '../../testing/admins';
import { createTestApp } from '../../testing/test-app';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function signedIn() {
  const t = await createTestApp();
  close = t.close;
  const rootId = await seedSuperAdmin(t);
  return { t, rootId, root: await signInAdmin(t, 'root', ROOT.password) };
}

type ActivityPage = { entries: Array<Record<string, unknown>>; total: number; page: number; pageSize: number };

describe('GET /api/admin/dashboard', () => {
  it('counts users, properties, bids and succeeded revenue in cents, with the 10 newest activities', async () => {
    const { t, root } = await signedIn();
    for (const name of ['ann_1', 'ben_2']) await registerUser(t, name);
    // Stand-ins for the read models of later issues, which own these collections.
    await t.deps.readStore.collection('properties').insertOne({ _id: 'p1' });
    await t.deps.readStore.collection('bids').insertOne({ _id: 'b1' });
    await t.deps.readStore.collection('bids').insertOne({ _id: 'b2' });
    await t.deps.readStore.collection('payments').insertOne({ _id: 'pay1', status: 'succeeded', amount: 1500 });
    await t.deps.readStore.collection('payments').insertOne({ _id: 'pay2', status: 'succeeded', amount: 3600 });
    await t.deps.readStore.collection('payments').insertOne({ _id: 'pay3', status: 'failed', amount: 5500 });
    for (let i = 0; i < 4; i++) await signInAdmin(t, 'root', ROOT.password);

    const res = await send(t, 'GET', '/api/admin/dashboard', { cookie: root });
    expect(res.status).toBe(200);
    const stats = (await res.json()) as Record<string, unknown> & { recentActivity: Array<Record<string, unknown>> };
    expect(stats).toMatchObject({ totalUsers: 2, totalProperties: 1, totalBids: 2, totalRevenue: 5100 });
    // The bootstrap's creation, 5 sign-ins and 2 registrations (registering signs in without a SignedIn event).
    expect(stats.recentActivity).toHaveLength(8);
    expect(Object.keys(stats.recentActivity[0] ?? {}).sort()).toEqual(['action', 'createdAt', 'id', 'resourceType']);
    expect(stats.recentActivity[0]).toMatchObject({ action: 'admin.login', resourceType: 'admin' });
    const times = stats.recentActivity.map((a) => String(a.createdAt));
    expect(times).toEqual([...times].sort().reverse());
  });

  it('shows at most 10 recent activities, and zeroes on an empty back office', async () => {
    const { t, root } = await signedIn();
    const empty = (await (await send(t, 'GET', '/api/admin/dashboard', { cookie: root })).json()) as Record<string, unknown>;
    expect(empty).toMatchObject({ totalUsers: 0, totalProperties: 0, totalBids: 0, totalRevenue: 0 });
    for (let i = 0; i < 10; i++) await signInAdmin(t, 'root', ROOT.password);
    const full = (await (await send(t, 'GET', '/api/admin/dashboard', { cookie: root })).json()) as { recentActivity: unknown[] };
    expect(full.recentActivity).toHaveLength(10);
  });

  it('needs an admin session', async () => {
    const { t } = await signedIn();
    expect((await send(t, 'GET', '/api/admin/dashboard')).status).toBe(401);
  });
});

describe('GET /api/admin/activity', () => {
  it('logs a user action with the IP address and user agent of its request', async () => {
    const { t, root } = await signedIn();
    const { userId } = await registerUser(t, 'jane', 'Jane Doe');
    const page = (await (await send(t, 'GET', '/api/admin/activity?search=user.register', { cookie: root })).json()) as ActivityPage;
    expect(page).toEqual({
      entries: [
        {
          id: expect.any(String),
          actorType: 'user',
          actorId: userId,
          actorName: 'Jane Doe',
          adminId: null,
          action: 'user.register',
          resourceType: 'user',
          resourceId: userId,
          details: { username: 'jane', email: 'jane@example.com', role: 'realtor' },
          ipAddress: CLIENT.ip,
          userAgent: CLIENT.userAgent,
          createdAt: expect.any(String),
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
  });

  it("logs an administrator's action on a user, never with a password or hash", async () => {
    const { t, rootId, root } = await signedIn();
    const { userId } = await registerUser(t, 'jane');
    await send(t, 'PUT', `/api/admin/users/${userId}`, { cookie: root, body: { credits: 3, password: 'secret-pw' } });
    const page = (await (await send(t, 'GET', `/api/admin/activity?search=${userId}`, { cookie: root })).json()) as ActivityPage;
    expect(page.entries.map((e) => [e.action, e.actorType, e.actorId, e.actorName, e.ipAddress, e.userAgent])).toEqual([
      ['user.password_set_by_admin', 'admin', rootId, 'Administrator', CLIENT.ip, CLIENT.userAgent],
      ['user.credits_set', 'admin', rootId, 'Administrator', CLIENT.ip, CLIENT.userAgent],
      ['user.register', 'user', userId, 'Jane Doe', CLIENT.ip, CLIENT.userAgent],
    ]);
    expect(page.entries[1]?.details).toEqual({ credits: 3, previousCredits: 0, reason: 'Set by administrator' });
    expect(page.entries[1]?.adminId).toBe(rootId);
    const all = JSON.stringify(await t.deps.readStore.collection('admin_logs').find({}));
    expect(all).not.toMatch(/scrypt|secret-pw|Secret123|passwordHash|token/i);
  });

  it('pages newest first and searches action, actor name, resource and IP', async () => {
    const { t, root } = await signedIn();
    for (let i = 0; i < 4; i++) await signInAdmin(t, 'root', ROOT.password);
    const first = (await (await send(t, 'GET', '/api/admin/activity?page=1&pageSize=2', { cookie: root })).json()) as ActivityPage;
    const second = (await (await send(t, 'GET', '/api/admin/activity?page=2&pageSize=2', { cookie: root })).json()) as ActivityPage;
    const third = (await (await send(t, 'GET', '/api/admin/activity?page=3&pageSize=2', { cookie: root })).json()) as ActivityPage;
    // The bootstrap's creation and 5 sign-ins.
    expect([first.total, first.entries.length, second.entries.length, third.entries.length]).toEqual([6, 2, 2, 2]);
    expect(third.entries[1]).toMatchObject({ action: 'admin.create', actorType: 'system', actorName: 'System', ipAddress: null });
    const ids = [...first.entries, ...second.entries, ...third.entries].map((e) => e.id);
    expect(new Set(ids).size).toBe(6);

    const count = async (search: string) =>
      ((await (await send(t, 'GET', `/api/admin/activity?search=${encodeURIComponent(search)}`, { cookie: root })).json()) as ActivityPage).total;
    expect(await count('ADMIN.LOGIN')).toBe(5);
    expect(await count('administrator')).toBe(5);
    expect(await count('203.0.113')).toBe(5);
    expect(await count('system')).toBe(1);
    expect(await count('admin.*')).toBe(0);
  });

  it.each([
    ['page=0', 'Page must be a whole number of at least 1'],
    ['page=x', 'Page must be a whole number of at least 1'],
    ['pageSize=101', 'Page size must be a whole number from 1 to 100'],
  ])('refuses %s with 400', async (query, message) => {
    const { t, root } = await signedIn();
    const res = await send(t, 'GET', `/api/admin/activity?${query}`, { cookie: root });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it('needs an admin session', async () => {
    const { t } = await signedIn();
    expect((await send(t, 'GET', '/api/admin/activity')).status).toBe(401);
  });
});

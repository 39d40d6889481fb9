import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, registerUser, seedSuperAdmin, send, signInAdmin } from '../../../testing/admins';
import { createTestApp } from '../../../testing/test-app';

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
    // The bootstrap's creation, 5 sign-ins, 2 registrations (registering signs in without a SignedIn event) and their 2 verification mails.
    expect(stats.recentActivity).toHaveLength(10);
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

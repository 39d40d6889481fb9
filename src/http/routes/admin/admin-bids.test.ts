import { describe, expect, it } from 'vitest';
import { expected } from '../../../event-store/port';
import { ROOT, seedSuperAdmin, signInAdmin } from '../../../testing/admins';
import { listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import { expectPagingRefusals, getListPage, pageThroughList, seededOnce } from '../../../testing/list-contract';
import { rootSession } from '../../../testing/listings';
import { createTestApp, testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const testApp = testAppPerTest();

type Row = { id: string; propertyTitle: string; realtorName: string; realtorEmail: string; amount: number; status: string; statusLabel: string; createdAt: string };

/**
 * Six bids of three realtors, one a day, in every state once the clock passes
 * 6 December: Loft and Bungalow closed then, Harbour stays open, Rita's bid on
 * the Loft was chosen and Ray's bid on the Cottage refunded.
 */
async function seeded() {
  const clock = testClock('2026-11-21T10:00:00.000Z');
  const t = await createTestApp({ now: clock.now });
  await seedSuperAdmin(t);
  const admin = await signInAdmin(t, 'root', ROOT.password);
  const owner = await registerHomeowner(t, { name: 'Olive Owner' });
  const rita = await registerRealtor(t, 5, { name: 'Rita Realtor', email: 'rita@homes.example' });
  const ray = await registerRealtor(t, 5, { name: 'Ray Rival', email: 'ray@rival.example' });
  const sam = await registerRealtor(t, 5, { name: 'Sam Seller', email: 'sam@seller.example' });
  const loft = await listProperty(t, owner.user.id, { biddingEndsAt: '2026-12-06T10:00:00.000Z', title: 'Sunny Loft' });
  const cottage = await listProperty(t, owner.user.id, { biddingEndsAt: '2026-12-06T10:00:00.000Z', title: 'Lake Cottage' });
  const harbour = await listProperty(t, owner.user.id, { biddingEndsAt: '2026-12-20T10:00:00.000Z', title: 'Harbour View' });
  const bungalow = await listProperty(t, owner.user.id, { biddingEndsAt: '2026-12-06T10:00:00.000Z', title: 'Quiet Bungalow' });
  const bid = async (day: string, cookie: string, propertyId: string, amount: number) => {
    clock.set(`${day}T12:00:00.000Z`);
    const res = await placeBid(t, cookie, propertyId, { amount });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const chosen = await bid('2026-11-22', rita.cookie, loft, 150);
  await bid('2026-11-23', ray.cookie, loft, 200);
  const refunded = await bid('2026-11-24', ray.cookie, cottage, 120);
  await bid('2026-11-25', sam.cookie, harbour, 300);
  await bid('2026-11-26', rita.cookie, harbour, 180);
  await bid('2026-11-27', sam.cookie, bungalow, 250);
  // The credit comes back as the refund process writes it.
  const { position } = await t.deps.eventStore.append(
    `user-${ray.user.id}`,
    [{ id: crypto.randomUUID(), type: 'BidRefunded', data: { bidId: refunded, propertyId: cottage, reason: 'test', at: clock.now().toISOString() } }],
    expected.any,
  );
  await t.runner.waitFor(position);
  clock.set('2026-12-06T10:00:01.000Z');
  expect((await sendJson(t.app, 'POST', `/api/properties/${loft}/select-bid`, { bidId: chosen }, owner.cookie)).status).toBe(200);
  return { t, admin };
}

// "Listing by realtor", newest first.
const NEWEST_FIRST = ['Quiet Bungalow by Sam', 'Harbour View by Rita', 'Harbour View by Sam', 'Lake Cottage by Ray', 'Sunny Loft by Ray', 'Sunny Loft by Rita'];
const labels = (items: Row[]) => items.map((item) => `${item.propertyTitle} by ${item.realtorName.split(' ')[0]}`);

describe('GET /api/admin/bids, the list contract', () => {
  const seed = seededOnce(seeded);
  const list = async (query: Record<string, string>) => labels((await getListPage<Row>(seed().t, '/api/admin/bids', seed().admin, query)).items);

  it('pages through every bid exactly once, newest first, oldest first and by amount', async () => {
    const { t, admin } = seed();
    for (const limit of [1, 4]) {
      const { items, total, pages } = await pageThroughList<Row>(t, '/api/admin/bids', admin, limit);
      expect({ total, pages }).toEqual({ total: 6, pages: Math.ceil(6 / limit) });
      expect(labels(items)).toEqual(NEWEST_FIRST);
    }
    expect(labels((await pageThroughList<Row>(t, '/api/admin/bids?sort=oldest', admin, 4)).items)).toEqual([...NEWEST_FIRST].reverse());
    const byAmount = (await pageThroughList<Row>(t, '/api/admin/bids?sort=amount', admin, 4)).items;
    expect(byAmount.map((item) => item.amount)).toEqual([300, 250, 200, 180, 150, 120]);
  });

  it('filters by the state every screen shows, at the time of asking', async () => {
    expect(await list({ status: 'pending' })).toEqual(['Harbour View by Rita', 'Harbour View by Sam']);
    expect(await list({ status: 'processing' })).toEqual(['Quiet Bungalow by Sam']);
    expect(await list({ status: 'completed' })).toEqual(['Sunny Loft by Rita']);
    expect(await list({ status: 'failed' })).toEqual(['Lake Cottage by Ray', 'Sunny Loft by Ray']);
    const { items } = await getListPage<Row>(seed().t, '/api/admin/bids', seed().admin, { status: 'failed' });
    expect(items.map((item) => item.statusLabel)).toEqual(['Refunded', 'Not selected']);
    const failed = await pageThroughList<Row>(seed().t, '/api/admin/bids?status=failed', seed().admin, 1);
    expect({ total: failed.total, shown: labels(failed.items) }).toEqual({ total: 2, shown: ['Lake Cottage by Ray', 'Sunny Loft by Ray'] });
  });

  it("searches the listing's title and the realtor's name and email, and filters by the day placed", async () => {
    expect(await list({ search: 'rita' })).toEqual(['Harbour View by Rita', 'Sunny Loft by Rita']);
    expect(await list({ search: 'RIVAL.example' })).toEqual(['Lake Cottage by Ray', 'Sunny Loft by Ray']);
    expect(await list({ search: 'loft' })).toEqual(['Sunny Loft by Ray', 'Sunny Loft by Rita']);
    expect(await list({ search: 'harbour', status: 'pending' })).toEqual(['Harbour View by Rita', 'Harbour View by Sam']);
    expect(await list({ search: 'nobody' })).toEqual([]);
    expect(await list({ from: '2026-11-24', to: '2026-11-25' })).toEqual(['Harbour View by Sam', 'Lake Cottage by Ray']);
    const page = await getListPage<Row>(seed().t, '/api/admin/bids', seed().admin, { search: 'sam', limit: '1' });
    expect({ total: page.total, shown: labels(page.items) }).toEqual({ total: 2, shown: ['Quiet Bungalow by Sam'] });
  });

  it('refuses bad paging and filters with a 400 that says what is wrong', async () => {
    const t = await testApp();
    const admin = await rootSession(t);
    await expectPagingRefusals(t, '/api/admin/bids', admin, [
      ['status=open', 'Status must be pending, processing, completed or failed'],
      ['from=2026-02-30', 'From must be a date (YYYY-MM-DD)'],
      ['to=later', 'To must be a date (YYYY-MM-DD)'],
      ['sort=realtor', 'Sort must be newest, oldest or amount'],
      [`search=${'x'.repeat(201)}`, 'Search must be less than 200 characters'],
    ]);
  });
});

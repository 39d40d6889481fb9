import { describe, expect, it } from 'vitest';
import { paymentStreamId } from '../../../domain/payments/payment';
import { expected } from '../../../event-store/port';
import type { NewEvent } from '../../../event-store/port';
import { registerRealtor } from '../../../testing/bidding';
import { expectPagingRefusals, getListPage, pageThroughList, seededOnce } from '../../../testing/list-contract';
import { rootSession } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp, testAppPerTest } from '../../../testing/test-app';

const testApp = testAppPerTest();

type Row = { id: string; userName: string; userEmail: string; amount: number; status: string; stripePaymentIntentId: string | null; createdAt: string };

/** Five payments of two realtors, one a day from 20 November, in every status, written as the payment streams hold them. */
async function seeded() {
  const t = await createTestApp();
  const admin = await rootSession(t);
  const rita = await registerRealtor(t, 0, { name: 'Rita Realtor', email: 'rita@homes.example' });
  const ray = await registerRealtor(t, 0, { name: 'Ray Rival', email: 'ray@rival.example' });
  const pay = async (id: string, userId: string, day: string, outcome: 'pending' | 'succeeded' | 'failed') => {
    const at = `${day}T12:00:00.000Z`;
    const data = { paymentId: id, userId, credits: 3, amountCents: 3600 };
    const events: NewEvent[] = [
      { id: crypto.randomUUID(), type: 'PaymentCreated', data: { ...data, at } },
      { id: crypto.randomUUID(), type: 'PaymentIntentAttached', data: { paymentId: id, paymentIntentId: `pi_${id}`, at } },
    ];
    if (outcome === 'succeeded') events.push({ id: crypto.randomUUID(), type: 'PaymentSucceeded', data: { ...data, paymentIntentId: `pi_${id}`, chargeId: `ch_${id}`, at } });
    if (outcome === 'failed') events.push({ id: crypto.randomUUID(), type: 'PaymentFailed', data: { paymentId: id, userId, paymentIntentId: `pi_${id}`, reason: 'Your card was declined.', at } });
    const { position } = await t.deps.eventStore.append(paymentStreamId(id), events, expected.noStream);
    await t.runner.waitFor(position);
  };
  await pay('p1', rita.user.id, '2026-11-20', 'succeeded');
  await pay('p2', ray.user.id, '2026-11-21', 'failed');
  await pay('p3', rita.user.id, '2026-11-22', 'pending');
  await pay('p4', ray.user.id, '2026-11-23', 'succeeded');
  await pay('p5', rita.user.id, '2026-11-24', 'succeeded');
  return { t, admin };
}

const ids = (items: Row[]) => items.map((item) => item.id);

describe('GET /api/admin/payments, the list contract', () => {
  const seed = seededOnce(seeded);
  const list = async (query: Record<string, string>) => ids((await getListPage<Row>(seed().t, '/api/admin/payments', seed().admin, query)).items);

  it('pages through every payment exactly once, newest or oldest first, with the payer', async () => {
    const { t, admin } = seed();
    for (const limit of [1, 2]) {
      const { items, total, pages } = await pageThroughList<Row>(t, '/api/admin/payments', admin, limit);
      expect({ total, pages }).toEqual({ total: 5, pages: Math.ceil(5 / limit) });
      expect(ids(items)).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
    }
    expect(ids((await pageThroughList<Row>(t, '/api/admin/payments?sort=oldest', admin, 2)).items)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    const [first] = (await getListPage<Row>(t, '/api/admin/payments', admin, { limit: '1' })).items;
    expect(first).toMatchObject({ id: 'p5', userName: 'Rita Realtor', userEmail: 'rita@homes.example', amount: 3600, status: 'succeeded', stripePaymentIntentId: 'pi_p5' });
  });

  it("filters by status, the payer's name or email, the provider's id and the day", async () => {
    expect(await list({ status: 'succeeded' })).toEqual(['p5', 'p4', 'p1']);
    expect(await list({ status: 'failed' })).toEqual(['p2']);
    expect(await list({ status: 'pending' })).toEqual(['p3']);
    expect(await list({ search: 'RITA' })).toEqual(['p5', 'p3', 'p1']);
    expect(await list({ search: 'rival.example', status: 'succeeded' })).toEqual(['p4']);
    expect(await list({ search: 'pi_p2' })).toEqual(['p2']);
    expect(await list({ search: 'nobody' })).toEqual([]);
    expect(await list({ from: '2026-11-21', to: '2026-11-23' })).toEqual(['p4', 'p3', 'p2']);
    const page = await getListPage<Row>(seed().t, '/api/admin/payments', seed().admin, { search: 'rita', limit: '2' });
    expect({ total: page.total, shown: ids(page.items) }).toEqual({ total: 3, shown: ['p5', 'p3'] });
  });

  it('refuses bad paging and filters with a 400 that says what is wrong', async () => {
    const t: TestApp = await testApp();
    const admin = await rootSession(t);
    await expectPagingRefusals(t, '/api/admin/payments', admin, [
      ['status=refunded', 'Status must be pending, succeeded or failed'],
      ['from=2026-02-30', 'From must be a date (YYYY-MM-DD)'],
      ['to=later', 'To must be a date (YYYY-MM-DD)'],
      ['sort=amount', 'Sort must be newest or oldest'],
      [`search=${'x'.repeat(201)}`, 'Search must be less than 200 characters'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { send } from '../../../testing/admins';
import { expectPagingRefusals, getListPage, pageThroughList, seededOnce } from '../../../testing/list-contract';
import { rootSession, uploadBill } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

type Row = { id: string; userId: string; userName: string; status: string; submittedAt: string };
type Counts = { pending: number; approved: number; rejected: number };

const WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven'];

/** Seven homeowners send a bill a day apart, oldest 'Owner One'; Owner Two's is approved and Owner Five's rejected. */
async function seeded() {
  let day = 1;
  const t = await createTestApp({ now: () => new Date(`2026-05-0${day}T09:00:00.000Z`) });
  const admin = await rootSession(t);
  for (; day <= 7; day++) {
    const { cookie } = await registerUser(t.app, { name: `Owner ${WORDS[day - 1]}`, role: 'homeowner' });
    const documentUrl = await uploadBill(t, cookie);
    expect((await send(t, 'POST', '/api/verification/submit', { cookie, body: { documentUrl } })).status).toBe(200);
  }
  day = 8;
  const rows = (await getListPage<Row>(t, '/api/admin/verifications', admin)).items;
  const idOf = (name: string) => rows.find((row) => row.userName === name)?.id ?? '';
  expect((await send(t, 'POST', `/api/admin/verifications/${idOf('Owner Two')}/approve`, { cookie: admin })).status).toBe(200);
  const reject = { subject: 'Unreadable', message: 'Please upload a clearer bill.' };
  expect((await send(t, 'POST', `/api/admin/verifications/${idOf('Owner Five')}/reject`, { cookie: admin, body: reject })).status).toBe(200);
  return { t, admin, idOf };
}

const names = (rows: Row[]) => rows.map((row) => row.userName);

describe('GET /api/admin/verifications, the list contract', () => {
  const seed = seededOnce(seeded);

  it('pages the pending queue oldest first, every bill exactly once, at limits 2 and 3', async () => {
    const { t, admin } = seed();
    for (const limit of [2, 3]) {
      const { items, total } = await pageThroughList<Row>(t, '/api/admin/verifications?status=pending', admin, limit);
      expect(total).toBe(5);
      expect(names(items)).toEqual(['Owner One', 'Owner Three', 'Owner Four', 'Owner Six', 'Owner Seven']);
    }
    const everything = await pageThroughList<Row>(t, '/api/admin/verifications', admin, 3);
    expect(names(everything.items)).toEqual(['Owner Seven', 'Owner Six', 'Owner Five', 'Owner Four', 'Owner Three', 'Owner Two', 'Owner One']);
    const newestPending = await getListPage<Row>(t, '/api/admin/verifications', admin, { status: 'pending', sort: 'newest', limit: '1' });
    expect(names(newestPending.items)).toEqual(['Owner Seven']);
  });

  it('counts every submission by status, whatever the page, status or search shown', async () => {
    const { t, admin } = seed();
    const counts: Counts = { pending: 5, approved: 1, rejected: 1 };
    const queries: Record<string, string>[] = [{}, { status: 'pending', limit: '1' }, { status: 'rejected' }, { search: 'Owner Three' }];
    for (const query of queries) {
      expect((await getListPage<Row>(t, '/api/admin/verifications', admin, query)).counts).toEqual(counts);
    }
    expect(names((await getListPage<Row>(t, '/api/admin/verifications', admin, { status: 'approved' })).items)).toEqual(['Owner Two']);
    expect(names((await getListPage<Row>(t, '/api/admin/verifications', admin, { status: 'rejected' })).items)).toEqual(['Owner Five']);
  });

  it("searches by the homeowner's name or email", async () => {
    const { t, admin } = seed();
    const found = await getListPage<Row>(t, '/api/admin/verifications', admin, { search: 'owner three' });
    expect(names(found.items)).toEqual(['Owner Three']);
    expect(found.total).toBe(1);
    expect((await getListPage<Row>(t, '/api/admin/verifications', admin, { search: 'nobody' })).total).toBe(0);
    expect((await getListPage<Row>(t, '/api/admin/verifications', admin, { search: '@example.com', status: 'pending' })).total).toBe(5);
  });

  it('refuses bad paging and filters with a 400', async () => {
    const { t, admin } = seed();
    await expectPagingRefusals(t, '/api/admin/verifications?status=pending', admin);
    for (const [query, message] of [
      ['status=waiting', 'Status must be pending, approved or rejected'],
      ['sort=random', 'Sort must be newest or oldest'],
    ]) {
      const res = await send(t, 'GET', `/api/admin/verifications?${query}`, { cookie: admin });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
  });
});

describe('POST /api/admin/verifications/approve', () => {
  const seed = seededOnce(seeded);

  const approve = (t: TestApp, cookie: string, body: unknown) => send(t, 'POST', '/api/admin/verifications/approve', { cookie, body });

  it('approves each selected pending bill once and says which were skipped and why', async () => {
    const { t, admin, idOf } = seed();
    const ids = [idOf('Owner One'), idOf('Owner Three'), idOf('Owner One'), idOf('Owner Two'), idOf('Owner Five'), 'no-such-id'];
    const res = await approve(t, admin, { ids });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      approved: [idOf('Owner One'), idOf('Owner Three')],
      skipped: [
        { id: idOf('Owner Two'), reason: 'Already approved' },
        { id: idOf('Owner Five'), reason: expect.any(String) },
        { id: 'no-such-id', reason: 'Verification not found' },
      ],
    });
    const page = await getListPage<Row>(t, '/api/admin/verifications', seed().admin, { status: 'pending' });
    expect(names(page.items)).toEqual(['Owner Four', 'Owner Six', 'Owner Seven']);
    expect(page.counts).toEqual({ pending: 3, approved: 3, rejected: 1 });
    // The homeowners are verified, each by one event.
    const users = await getListPage<{ name: string; verificationStatus: string }>(t, '/api/admin/users', admin, { verification: 'approved', sort: 'name' });
    expect(users.items.map((user) => user.name)).toEqual(['Owner One', 'Owner Three', 'Owner Two']);
    const again = await approve(t, admin, { ids: [idOf('Owner One')] });
    expect(await again.json()).toEqual({ approved: [], skipped: [{ id: idOf('Owner One'), reason: 'Already approved' }] });
    const events = (await t.deps.eventStore.readAll()).filter((event) => event.type === 'VerificationApproved');
    expect(events).toHaveLength(3);
  });

  it('takes 1 to 100 ids, from administrators only', async () => {
    const { t, admin } = seed();
    for (const [body, message] of [
      [{ ids: [] }, 'Choose the verifications to approve'],
      [{}, 'Choose the verifications to approve'],
      [{ ids: Array.from({ length: 101 }, (_, i) => `v${i}`) }, 'At most 100 verifications can be approved at once'],
      [{ ids: [''] }, 'Each id must be text'],
    ] as const) {
      const res = await approve(t, admin, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    const homeowner = await registerUser(t.app, { role: 'homeowner' });
    expect((await approve(t, homeowner.cookie, { ids: ['x'] })).status).toBe(401);
  });
});

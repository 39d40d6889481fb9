import { describe, expect, it } from 'vitest';
import type { VerificationDoc } from '../../../projections/verification/verifications';
import { VERIFICATIONS } from '../../../projections/verification/verifications';
import { send } from '../../../testing/admins';
import { expectPagingRefusals, getListPage, pageThroughList, seededOnce } from '../../../testing/list-contract';
import { rootSession, uploadBill } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp, testAppPerTest } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

const testApp = testAppPerTest();

type Row = { id: string; name: string; role: string; emailVerified: boolean; verificationStatus: string; createdAt: string };

/** Seven people who joined on different days, in every role, email and verification state. */
async function seeded() {
  let now = new Date('2026-03-01T12:00:00.000Z');
  const t = await createTestApp({ now: () => now });
  const admin = await rootSession(t);
  let hour = 0;
  const join = async (day: string, name: string, role: 'homeowner' | 'realtor', opensMailedLink = false) => {
    // Each a different hour, so the newest-first order is by joining time alone.
    now = new Date(`${day}T${String(10 + hour++).padStart(2, '0')}:00:00.000Z`);
    const { cookie, input } = await registerUser(t.app, { name, role });
    if (opensMailedLink) {
      const mail = t.outbox().find((m) => m.to === input.email);
      const link = /http:\/\/localhost:3000(\/api\/verify-email\?token=[A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
      expect((await t.app.request(link ?? '/none')).headers.get('location')).toBe('/home?emailVerification=verified');
    }
    return cookie;
  };
  const people = {
    ada: await join('2026-03-01', 'Ada Realtor', 'realtor', true),
    ben: await join('2026-03-02', 'Ben Owner', 'homeowner'),
    cy: await join('2026-03-02', 'Cy Owner', 'homeowner'),
    dee: await join('2026-03-03', 'Dee Realtor', 'realtor'),
    eve: await join('2026-03-04', 'Eve Owner', 'homeowner', true),
    fay: await join('2026-03-05', 'Fay Owner', 'homeowner'),
    gus: await join('2026-03-05', 'Gus Realtor', 'realtor'),
  };
  // Ben's bill waits, Cy's is approved, Eve's rejected; Fay never sent one.
  const submit = async (cookie: string) => {
    const documentUrl = await uploadBill(t, cookie);
    expect((await send(t, 'POST', '/api/verification/submit', { cookie, body: { documentUrl } })).status).toBe(200);
  };
  const review = async (name: string, action: 'approve' | 'reject') => {
    const { items } = await getListPage<{ id: string; userId: string }>(t, '/api/admin/users', admin, { search: name });
    const submission = await t.deps.readStore.collection<VerificationDoc>(VERIFICATIONS).findOne({ userId: items[0]?.id ?? '' });
    const body = action === 'reject' ? { subject: 'Unreadable', message: 'Please upload a clearer bill.' } : undefined;
    expect((await send(t, 'POST', `/api/admin/verifications/${submission?._id}/${action}`, { cookie: admin, ...(body ? { body } : {}) })).status).toBe(200);
  };
  for (const cookie of [people.ben, people.cy, people.eve]) await submit(cookie);
  await review('Cy Owner', 'approve');
  await review('Eve Owner', 'reject');
  return { t, admin };
}

const names = (items: Row[]) => items.map((item) => item.name);

async function listNames(t: TestApp, admin: string, query: Record<string, string>) {
  return names((await getListPage<Row>(t, '/api/admin/users', admin, query)).items);
}

describe('GET /api/admin/users, the list contract', () => {
  // Seeded once: these tests only read.
  const seed = seededOnce(seeded);

  it('pages through every user exactly once, newest first, at limits 2 and 3', async () => {
    const { t, admin } = seed();
    const newestFirst = ['Gus Realtor', 'Fay Owner', 'Eve Owner', 'Dee Realtor', 'Cy Owner', 'Ben Owner', 'Ada Realtor'];
    for (const limit of [2, 3]) {
      const { items, total, pages } = await pageThroughList<Row>(t, '/api/admin/users', admin, limit);
      expect(total).toBe(7);
      expect(pages).toBe(Math.ceil(7 / limit));
      expect(names(items)).toEqual(newestFirst);
    }
    const oldest = await pageThroughList<Row>(t, '/api/admin/users?sort=oldest', admin, 2);
    expect(names(oldest.items)).toEqual([...newestFirst].reverse());
    const byName = await pageThroughList<Row>(t, '/api/admin/users?sort=name', admin, 3);
    expect(names(byName.items)).toEqual([...newestFirst].sort());
  });

  it('filters by role, email verified, verification status and joining days, and counts what matches', async () => {
    const { t, admin } = seed();
    expect(await listNames(t, admin, { role: 'realtor' })).toEqual(['Gus Realtor', 'Dee Realtor', 'Ada Realtor']);
    expect(await listNames(t, admin, { emailVerified: 'true' })).toEqual(['Eve Owner', 'Ada Realtor']);
    expect(await listNames(t, admin, { emailVerified: 'false', role: 'realtor' })).toEqual(['Gus Realtor', 'Dee Realtor']);
    expect(await listNames(t, admin, { verification: 'pending' })).toEqual(['Ben Owner']);
    expect(await listNames(t, admin, { verification: 'approved' })).toEqual(['Cy Owner']);
    expect(await listNames(t, admin, { verification: 'rejected' })).toEqual(['Eve Owner']);
    expect(await listNames(t, admin, { verification: 'none', role: 'homeowner' })).toEqual(['Fay Owner']);
    expect(await listNames(t, admin, { from: '2026-03-02', to: '2026-03-03' })).toEqual(['Dee Realtor', 'Cy Owner', 'Ben Owner']);
    expect(await listNames(t, admin, { from: '2026-03-05' })).toEqual(['Gus Realtor', 'Fay Owner']);
    expect(await listNames(t, admin, { to: '2026-03-01' })).toEqual(['Ada Realtor']);
    const page = await getListPage<Row>(t, '/api/admin/users', admin, { role: 'homeowner', search: 'owner', limit: '1' });
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(1);
    const rest = await pageThroughList<Row>(t, '/api/admin/users?role=homeowner&search=owner', admin, 1);
    expect(names(rest.items)).toEqual(['Fay Owner', 'Eve Owner', 'Cy Owner', 'Ben Owner']);
  });

  it('shows verification state beside email state', async () => {
    const { t, admin } = seed();
    const { items } = await getListPage<Row>(t, '/api/admin/users', admin, { role: 'homeowner' });
    expect(items.map(({ name, emailVerified, verificationStatus }) => ({ name, emailVerified, verificationStatus }))).toEqual([
      { name: 'Fay Owner', emailVerified: false, verificationStatus: 'none' },
      { name: 'Eve Owner', emailVerified: true, verificationStatus: 'rejected' },
      { name: 'Cy Owner', emailVerified: false, verificationStatus: 'approved' },
      { name: 'Ben Owner', emailVerified: false, verificationStatus: 'pending' },
    ]);
  });

  it('refuses bad paging and filters with a 400 that says what is wrong', async () => {
    const t = await testApp();
    const admin = await rootSession(t);
    await expectPagingRefusals(t, '/api/admin/users', admin, [
      ['role=admin', 'Role must be homeowner or realtor'],
      ['emailVerified=yes', 'Email verified must be true or false'],
      ['verification=maybe', 'Verification must be none, pending, approved or rejected'],
      ['from=2026-02-30', 'From must be a date (YYYY-MM-DD)'],
      ['to=yesterday', 'To must be a date (YYYY-MM-DD)'],
      ['sort=credits', 'Sort must be newest, oldest or name'],
      [`search=${'x'.repeat(201)}`, 'Search must be less than 200 characters'],
    ]);
  });
});

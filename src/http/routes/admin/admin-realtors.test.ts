import { describe, expect, it } from 'vitest';
import { send } from '../../../testing/admins';
import { expectPagingRefusals, getListPage, pageThroughList, seededOnce } from '../../../testing/list-contract';
import { rootSession } from '../../../testing/listings';
import { createTestApp } from '../../../testing/test-app';
import { registerUser, sendJson } from '../../../testing/user-session';
import { PROFILE_INPUT as profile } from '../../../testing/bidding';

type Row = { id: string; userName: string; hasProfile: boolean; brokerageName: string; yearsExperience: number | null; serviceAreas: string[]; updatedAt: string | null };

/** Five realtors, two with a saved profile, and a homeowner, who is no realtor. */
async function seeded() {
  let hour = 10;
  const t = await createTestApp({ now: () => new Date(`2026-04-01T${hour}:00:00.000Z`) });
  const admin = await rootSession(t);
  for (const name of ['Rae One', 'Ray Two', 'Rex Three', 'Roy Four', 'Rue Five']) {
    hour++;
    const { cookie } = await registerUser(t.app, { name, role: 'realtor' });
    if (name === 'Ray Two' || name === 'Roy Four') expect((await sendJson(t.app, 'POST', '/api/realtor-profile', profile, cookie)).status).toBe(200);
  }
  hour++;
  await registerUser(t.app, { name: 'Hana Owner', role: 'homeowner' });
  return { t, admin };
}

describe('GET /api/admin/realtors', () => {
  const seed = seededOnce(seeded);

  it('lists every realtor, profile or not, exactly once at limits 2 and 3, newest first', async () => {
    const { t, admin } = seed();
    for (const path of ['/api/admin/realtors', '/api/admin/realtor-profiles']) {
      for (const limit of [2, 3]) {
        const { items, total } = await pageThroughList<Row>(t, path, admin, limit);
        expect(total).toBe(5);
        expect(items.map((row) => [row.userName, row.hasProfile])).toEqual([
          ['Rue Five', false],
          ['Roy Four', true],
          ['Rex Three', false],
          ['Ray Two', true],
          ['Rae One', false],
        ]);
      }
    }
    const { items } = await getListPage<Row>(t, '/api/admin/realtors', admin, { search: 'roy' });
    expect(items).toEqual([expect.objectContaining({ userName: 'Roy Four', brokerageName: 'Maple Realty', yearsExperience: 12, serviceAreas: ['Downtown'], updatedAt: expect.any(String) })]);
    expect((await getListPage<Row>(t, '/api/admin/realtors', admin, { search: 'rex' })).items).toEqual([
      expect.objectContaining({ userName: 'Rex Three', hasProfile: false, brokerageName: '', yearsExperience: null, serviceAreas: [], updatedAt: null }),
    ]);
  });

  it('filters by profile and search, sorts by name, and refuses bad paging', async () => {
    const { t, admin } = seed();
    const names = async (query: Record<string, string>) => (await getListPage<Row>(t, '/api/admin/realtors', admin, query)).items.map((row) => row.userName);
    expect(await names({ hasProfile: 'true' })).toEqual(['Roy Four', 'Ray Two']);
    expect(await names({ hasProfile: 'false', sort: 'name' })).toEqual(['Rae One', 'Rex Three', 'Rue Five']);
    expect(await names({ search: 'Hana' })).toEqual([]);
    expect((await getListPage(t, '/api/admin/realtors', admin, { hasProfile: 'false', limit: '1' })).total).toBe(3);
    await expectPagingRefusals(t, '/api/admin/realtors', admin);
    const res = await send(t, 'GET', '/api/admin/realtors?hasProfile=maybe', { cookie: admin });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Has profile must be true or false' });
  });
});

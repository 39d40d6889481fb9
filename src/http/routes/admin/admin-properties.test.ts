import { describe, expect, it } from 'vitest';
import { send } from '../../../testing/admins';
import { expectPagingRefusals, getListPage, pageThroughList, seededOnce } from '../../../testing/list-contract';
import { listProperty, rootSession, verifiedHomeowner } from '../../../testing/listings';
import { createTestApp, testAppPerTest } from '../../../testing/test-app';

const testApp = testAppPerTest();

type Row = { id: string; title: string; location: string; isActive: boolean; ownerName: string | null; ownerEmail: string | null; createdAt: string };

/** Six listings of two owners, listed on different days, one of them deactivated. */
async function seeded() {
  let now = new Date('2026-04-01T12:00:00.000Z');
  const t = await createTestApp({ now: () => now });
  const admin = await rootSession(t);
  const olga = await verifiedHomeowner(t, admin, { name: 'Olga Lindqvist', email: 'olga@north.example' });
  const pat = await verifiedHomeowner(t, admin, { name: 'Pat Moreau', email: 'pat@south.example' });
  const list = async (day: string, cookie: string, title: string, location: string) => {
    now = new Date(`${day}T12:00:00.000Z`);
    return listProperty(t, cookie, { title, location });
  };
  await list('2026-04-01', olga.cookie, 'Lakeside Cottage', 'Barrie, ON');
  await list('2026-04-02', pat.cookie, 'City Loft', 'Ottawa, ON');
  const barn = await list('2026-04-02', olga.cookie, 'Converted Barn', 'Guelph, ON');
  await list('2026-04-03', pat.cookie, 'Harbour Condo', 'Halifax, NS');
  await list('2026-04-04', olga.cookie, 'Garden Suite', 'Toronto, ON');
  await list('2026-04-05', pat.cookie, 'Prairie House', 'Regina, SK');
  expect((await send(t, 'PUT', `/api/admin/properties/${barn.id}/toggle`, { cookie: admin })).status).toBe(200);
  return { t, admin };
}

const titles = (items: Row[]) => items.map((item) => item.title);
const NEWEST_FIRST = ['Prairie House', 'Garden Suite', 'Harbour Condo', 'Converted Barn', 'City Loft', 'Lakeside Cottage'];

describe('GET /api/admin/properties, the list contract', () => {
  const seed = seededOnce(seeded);
  const listTitles = async (query: Record<string, string>) => titles((await getListPage<Row>(seed().t, '/api/admin/properties', seed().admin, query)).items);

  it('pages through every listing exactly once, newest first, with its owner', async () => {
    const { t, admin } = seed();
    for (const limit of [1, 4]) {
      const { items, total, pages } = await pageThroughList<Row>(t, '/api/admin/properties', admin, limit);
      expect(total).toBe(6);
      expect(pages).toBe(Math.ceil(6 / limit));
      expect(titles(items)).toEqual(NEWEST_FIRST);
    }
    const { items } = await getListPage<Row>(t, '/api/admin/properties', admin, { limit: '1' });
    expect(items[0]).toMatchObject({ title: 'Prairie House', ownerName: 'Pat Moreau', ownerEmail: 'pat@south.example', isActive: true });
  });

  it('sorts oldest first, by title and by bids, through every page', async () => {
    const { t, admin } = seed();
    expect(titles((await pageThroughList<Row>(t, '/api/admin/properties?sort=oldest', admin, 4)).items)).toEqual([...NEWEST_FIRST].reverse());
    expect(titles((await pageThroughList<Row>(t, '/api/admin/properties?sort=title', admin, 4)).items)).toEqual([...NEWEST_FIRST].sort());
    // With no bids anywhere every count ties, and the ids order them: each listing still comes once.
    expect(new Set(titles((await pageThroughList<Row>(t, '/api/admin/properties?sort=bids', admin, 4)).items))).toEqual(new Set(NEWEST_FIRST));
  });

  it("searches title, location and the owner's name and email, case-insensitively, and counts what matches", async () => {
    expect(await listTitles({ search: 'lakeside' })).toEqual(['Lakeside Cottage']);
    expect(await listTitles({ search: 'OTTAWA' })).toEqual(['City Loft']);
    expect(await listTitles({ search: 'lindqvist' })).toEqual(['Garden Suite', 'Converted Barn', 'Lakeside Cottage']);
    expect(await listTitles({ search: 'south.example' })).toEqual(['Prairie House', 'Harbour Condo', 'City Loft']);
    expect(await listTitles({ search: '(' })).toEqual([]);
    const page = await getListPage<Row>(seed().t, '/api/admin/properties', seed().admin, { search: 'pat@', limit: '2' });
    expect({ shown: titles(page.items), total: page.total }).toEqual({ shown: ['Prairie House', 'Harbour Condo'], total: 3 });
    const rest = await pageThroughList<Row>(seed().t, '/api/admin/properties?search=pat%40', seed().admin, 2);
    expect(titles(rest.items)).toEqual(['Prairie House', 'Harbour Condo', 'City Loft']);
  });

  it('filters by active and by the days listed', async () => {
    expect(await listTitles({ active: 'false' })).toEqual(['Converted Barn']);
    expect(await listTitles({ active: 'true', search: 'o' })).toEqual(NEWEST_FIRST.filter((title) => title !== 'Converted Barn'));
    expect(await listTitles({ from: '2026-04-02', to: '2026-04-03' })).toEqual(['Harbour Condo', 'Converted Barn', 'City Loft']);
    expect(await listTitles({ from: '2026-04-05' })).toEqual(['Prairie House']);
    expect(await listTitles({ to: '2026-04-01', sort: 'oldest' })).toEqual(['Lakeside Cottage']);
    expect((await getListPage<Row>(seed().t, '/api/admin/properties', seed().admin, { active: 'true' })).total).toBe(5);
  });

  it('refuses bad paging and filters with a 400 that says what is wrong', async () => {
    const t = await testApp();
    const admin = await rootSession(t);
    await expectPagingRefusals(t, '/api/admin/properties', admin, [
      ['active=yes', 'Active must be true or false'],
      ['from=2026-02-30', 'From must be a date (YYYY-MM-DD)'],
      ['to=soon', 'To must be a date (YYYY-MM-DD)'],
      ['sort=price', 'Sort must be newest, oldest, title or bids'],
      [`search=${'x'.repeat(201)}`, 'Search must be less than 200 characters'],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../testing/admins';
import { placeBid, registerRealtor, testClock } from '../../../testing/bidding';
import type { PropertyAnswer } from '../../../testing/listings';
import { listProperty, rootSession, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';

// /home's search, filters and orders on GET /api/properties (docs/decisions/0036-listing-search.md).

const HOUR = 60 * 60 * 1000;
const clock = testClock('2026-11-22T10:00:00.000Z');
const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();

let t: TestApp;
let cookie: string;

type Page = { properties: PropertyAnswer[]; nextCursor: string | null; total?: number };

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const admin = await rootSession(t);
  const owner = await verifiedHomeowner(t, admin);
  const list = (title: string, overrides: Record<string, unknown>) => listProperty(t, owner.cookie, { title, ...overrides });
  // Listed in this order, so newest first is the reverse.
  await list('Lakeside Cottage', { propertyType: 'house', bedrooms: 3, bathrooms: 2, location: 'Kingston, ON', biddingEndsAt: inHours(2) });
  const loft = await list('Downtown Loft', { propertyType: 'condo', bedrooms: 1, bathrooms: 1, location: 'Toronto, ON', biddingEndsAt: inHours(240) });
  const townhouse = await list('Maple Townhouse', { propertyType: 'townhouse', bedrooms: 4, bathrooms: 3, location: 'Guelph, ON', biddingEndsAt: inHours(20) });
  await list('Harbour Condo', { propertyType: 'condo', bedrooms: 2, bathrooms: 2, location: 'Kingston, ON', address: '9 Harbour Road', biddingEndsAt: inHours(120) });
  await list('Quick Sale', { propertyType: 'apartment', bedrooms: 2, bathrooms: 1, location: 'Kingston, ON', biddingEndsAt: inHours(0.5) });
  const paused = await list('Paused Kingston House', { propertyType: 'house', bedrooms: 5, bathrooms: 3, location: 'Kingston, ON', biddingEndsAt: inHours(3) });
  expect((await send(t, 'PUT', `/api/admin/properties/${paused.id}/toggle`, { cookie: admin })).status).toBe(200);
  for (const [propertyId, bidders] of [[loft.id, 2], [townhouse.id, 1]] as const) {
    for (let i = 0; i < bidders; i++) expect((await placeBid(t, (await registerRealtor(t, 1)).cookie, propertyId)).status).toBe(201);
  }
  // An hour on: Quick Sale has closed, Lakeside Cottage and Maple Townhouse close within a day.
  clock.advance(HOUR);
  cookie = (await registerRealtor(t)).cookie;
});

afterAll(async () => {
  await t.close();
});

const get = (query: string) => send(t, 'GET', `/api/properties${query}`, { cookie });
const page = async (query: string) => {
  const res = await get(query);
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
};
const titles = async (query: string) => (await page(`?limit=100&${query}`)).properties.map((p) => p.title);

describe('GET /api/properties: search and filters', () => {
  it('searches title, location and address, in any case, taking the text literally', async () => {
    expect(await titles('search=kingston')).toEqual(['Quick Sale', 'Harbour Condo', 'Lakeside Cottage']);
    expect(await titles('search=%20KINGSTON%20')).toEqual(['Quick Sale', 'Harbour Condo', 'Lakeside Cottage']);
    expect(await titles('search=harbour%20road')).toEqual(['Harbour Condo']);
    expect(await titles('search=loft')).toEqual(['Downtown Loft']);
    expect(await titles('search=k.ngston')).toEqual([]);
    expect(await titles('search=')).toHaveLength(5);
  });

  it('filters by property type, least bedrooms and least bathrooms', async () => {
    expect(await titles('propertyType=condo')).toEqual(['Harbour Condo', 'Downtown Loft']);
    expect(await titles('minBedrooms=3')).toEqual(['Maple Townhouse', 'Lakeside Cottage']);
    expect(await titles('minBathrooms=2')).toEqual(['Harbour Condo', 'Maple Townhouse', 'Lakeside Cottage']);
    expect(await titles('minBedrooms=5')).toEqual([]);
  });

  it('filters by bidding state at the request’s time: open, closing within 24 hours, closed', async () => {
    expect(await titles('state=open')).toEqual(['Harbour Condo', 'Maple Townhouse', 'Downtown Loft', 'Lakeside Cottage']);
    expect(await titles('state=closing')).toEqual(['Maple Townhouse', 'Lakeside Cottage']);
    expect(await titles('state=closed')).toEqual(['Quick Sale']);
  });

  it('combines every filter given', async () => {
    expect(await titles('propertyType=condo&state=open&minBathrooms=2')).toEqual(['Harbour Condo']);
    expect(await titles('search=kingston&state=closing')).toEqual(['Lakeside Cottage']);
    expect(await titles('search=kingston&minBedrooms=2&minBathrooms=2&propertyType=house&state=closing&sort=ending')).toEqual(['Lakeside Cottage']);
    expect(await titles('search=toronto&state=closed')).toEqual([]);
  });

  it('never lists a paused listing, whatever the filters', async () => {
    expect(await titles('search=paused')).toEqual([]);
    expect(await titles('minBedrooms=5&propertyType=house')).toEqual([]);
  });

  it('filters the plain list too', async () => {
    const res = await get('?propertyType=condo&sort=ending');
    expect(((await res.json()) as PropertyAnswer[]).map((p) => p.title)).toEqual(['Harbour Condo', 'Downtown Loft']);
  });
});

describe('GET /api/properties: orders and paging', () => {
  it('orders by newest, ending soon and fewest bids (newest first among equals)', async () => {
    expect(await titles('sort=newest')).toEqual(['Quick Sale', 'Harbour Condo', 'Maple Townhouse', 'Downtown Loft', 'Lakeside Cottage']);
    expect(await titles('sort=ending')).toEqual(['Quick Sale', 'Lakeside Cottage', 'Maple Townhouse', 'Harbour Condo', 'Downtown Loft']);
    expect(await titles('sort=fewest_bids')).toEqual(['Quick Sale', 'Harbour Condo', 'Lakeside Cottage', 'Maple Townhouse', 'Downtown Loft']);
    expect((await page('?limit=100&sort=fewest_bids')).properties.map((p) => p.bidCount)).toEqual([0, 0, 0, 1, 2]);
  });

  it('pages through every match exactly once, in order, in every order and with filters, counting them all on the first page', async () => {
    for (const query of ['sort=newest', 'sort=ending', 'sort=fewest_bids', 'state=open&sort=ending', 'search=kingston&sort=fewest_bids', 'minBathrooms=2&sort=newest']) {
      const whole = await titles(query);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const current: Page = await page(`?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`);
        // The first page counts every match; later pages do not count again.
        expect(current.total, query).toBe(cursor ? undefined : whole.length);
        seen.push(...current.properties.map((p) => p.title));
        cursor = current.nextCursor;
        if (cursor === null) break;
      }
      expect(seen, query).toEqual(whole);
    }
  });

  it('counts every match on a first page that holds them all, and on one that does not', async () => {
    expect((await page('?limit=24&state=closing')).total).toBe(2);
    expect((await page('?limit=1&state=closing')).total).toBe(2);
    expect((await page('?limit=24&state=closed&propertyType=house')).total).toBe(0);
  });

  it('answers a clear 400 for every bad value', async () => {
    const ending = (await page('?limit=1&sort=ending')).nextCursor;
    for (const [query, message] of [
      ['?propertyType=castle', 'Property type must be house, apartment, condo, or townhouse'],
      ['?minBedrooms=0', 'Minimum bedrooms must be a whole number of at least 1'],
      ['?minBedrooms=two', 'Minimum bedrooms must be a whole number of at least 1'],
      ['?minBedrooms=1.5', 'Minimum bedrooms must be a whole number of at least 1'],
      ['?minBathrooms=-1', 'Minimum bathrooms must be a whole number of at least 1'],
      [`?minBathrooms=${'9'.repeat(40)}`, 'Minimum bathrooms must be a whole number of at least 1'],
      ['?state=soon', 'State must be open, closing or closed'],
      ['?sort=price', 'Sort must be newest, ending or fewest_bids'],
      [`?search=${'a'.repeat(201)}`, 'Search must be less than 200 characters'],
      // A cursor belongs to its order.
      [`?sort=newest&cursor=${ending}`, 'Invalid cursor'],
      ['?sort=ending&cursor=12', 'Invalid cursor'],
      ['?sort=fewest_bids&cursor=1.2.3', 'Invalid cursor'],
      ['?sort=ending&cursor=9999999999999999.1', 'Invalid cursor'],
    ]) {
      const res = await get(query ?? '');
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toBe(message);
    }
  });

  it('is for signed-in users', async () => {
    expect((await send(t, 'GET', '/api/properties?state=open')).status).toBe(401);
  });
});

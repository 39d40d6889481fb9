import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_AREA_RULE } from '../../../contract/service-areas';
import { send } from '../../../testing/admins';
import { registerRealtor } from '../../../testing/bidding';
import type { PropertyAnswer } from '../../../testing/listings';
import { listProperty, propertyInput, rootSession, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';

// A listing's service area (issue 27 item 3, docs/decisions/0060): chosen, derived from the city, validated, filtered on.

let t: TestApp;
let ownerCookie: string;
let realtorCookie: string;
const listed: Record<string, PropertyAnswer> = {};

beforeAll(async () => {
  t = await createTestApp();
  ownerCookie = (await verifiedHomeowner(t, await rootSession(t))).cookie;
  realtorCookie = (await registerRealtor(t)).cookie;
  listed.chosen = await listProperty(t, ownerCookie, { title: 'Chosen', location: 'Toronto, ON', area: 'North York' });
  listed.derived = await listProperty(t, ownerCookie, { title: 'Derived', location: 'oakville,ON' });
  listed.none = await listProperty(t, ownerCookie, { title: 'None', location: 'Kingston, ON' });
  listed.declined = await listProperty(t, ownerCookie, { title: 'Declined', location: 'Oakville, ON', area: null });
});

afterAll(async () => {
  await t.close();
});

const titles = async (query: string) => {
  const res = await send(t, 'GET', `/api/properties?limit=24&${query}`, { cookie: realtorCookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { properties: PropertyAnswer[] }).properties.map((p) => p.title);
};

describe('a listing\'s area', () => {
  it('is the one chosen, else the city\'s when it is a service area, else none', () => {
    expect([listed.chosen?.area, listed.derived?.area, listed.none?.area, listed.declined?.area]).toEqual(['North York', 'Oakville', null, null]);
  });

  it('is refused with the rule when it is not one of the service areas, on create and edit', async () => {
    for (const area of ['Toronto', 'downtown', 3, '']) {
      const created = await send(t, 'POST', '/api/properties', { cookie: ownerCookie, body: propertyInput({ area }) });
      expect(created.status, String(area)).toBe(400);
      expect(await created.json()).toMatchObject({ message: LISTING_AREA_RULE });
    }
    const edited = await send(t, 'PUT', `/api/properties/${listed.chosen?.id}`, { cookie: ownerCookie, body: { ...propertyInput({ title: 'Chosen' }), images: [], area: 'Atlantis' } });
    expect(edited.status).toBe(400);
    expect(await edited.json()).toMatchObject({ message: LISTING_AREA_RULE });
  });

  it('is kept by an edit that leaves it out, and changed by one that names it', async () => {
    const body = { ...propertyInput({ title: 'Chosen' }), images: [] };
    const kept = await send(t, 'PUT', `/api/properties/${listed.chosen?.id}`, { cookie: ownerCookie, body: { ...body, description: 'Freshly painted.' } });
    expect(((await kept.json()) as PropertyAnswer).area).toBe('North York');
    const moved = await send(t, 'PUT', `/api/properties/${listed.declined?.id}`, { cookie: ownerCookie, body: { ...propertyInput({ title: 'Declined', location: 'Oakville, ON' }), images: [], area: 'Oakville' } });
    expect(((await moved.json()) as PropertyAnswer).area).toBe('Oakville');
    const back = await send(t, 'PUT', `/api/properties/${listed.declined?.id}`, { cookie: ownerCookie, body: { ...propertyInput({ title: 'Declined', location: 'Oakville, ON' }), images: [], area: null } });
    expect(((await back.json()) as PropertyAnswer).area).toBeNull();
  });

  it('filters /home, and a filter outside the list is a 400 with the rule', async () => {
    expect(await titles('area=North+York')).toEqual(['Chosen']);
    expect(await titles('area=Oakville')).toEqual(['Derived']);
    expect(await titles('area=')).toHaveLength(4);
    const res = await send(t, 'GET', '/api/properties?area=Atlantis', { cookie: realtorCookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: LISTING_AREA_RULE });
  });
});

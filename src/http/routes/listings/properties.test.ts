import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyStreamId } from '../../../domain/listings/events';
import { send } from '../../../testing/admins';
import type { PropertyAnswer } from '../../../testing/listings';
import { FILES, listProperty, propertyInput, rootSession, uploadImage, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { placeBid, registerRealtor } from '../../../testing/bidding';
import { registerUser } from '../../../testing/user-session';

let t: TestApp;
const now = new Date('2026-11-22T10:00:00.000Z');
let admin: string;
let owner: { cookie: string; user: { id: string } };
let realtor: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  admin = await rootSession(t);
  owner = await verifiedHomeowner(t, admin);
  realtor = await registerUser(t.app, { role: 'realtor' });
});

afterAll(async () => {
  await t.close();
});

const json = async <T>(res: Response) => (await res.json()) as T;
const create = (body: unknown, cookie = owner.cookie) => send(t, 'POST', '/api/properties', { cookie, body });
const messageOf = async (res: Response) => (await json<{ message: string }>(res)).message;

describe('POST /api/properties', () => {
  it('lists for a verified homeowner with the spec’s defaults', async () => {
    const images = [await uploadImage(t, owner.cookie), await uploadImage(t, owner.cookie, FILES.webp())];
    const res = await create(propertyInput({ images }));
    expect(res.status).toBe(201);
    const property = await json<PropertyAnswer>(res);
    expect(property).toEqual({
      id: expect.any(String),
      ownerId: owner.user.id,
      ...propertyInput(),
      images,
      biddingEndsAt: '2026-12-06T10:00:00.000Z',
      isActive: true,
      minBidAmount: 100,
      vibeMetrics: null,
      createdAt: now.toISOString(),
      bidCount: 0,
      realtorChosen: false,
      // Toronto is none of the 19 service areas.
      area: null,
    });
    const events = await t.deps.eventStore.readStream(propertyStreamId(property.id));
    expect(events.map((e) => e.type)).toEqual(['PropertyListed']);
  });

  it('keeps a chosen bidding end, minimum bid and vibe metrics', async () => {
    const vibeMetrics = { cafes: 80, greenery: 60, schools: 70, safety: 90, transit: 50, community: 75 };
    const property = await listProperty(t, owner.cookie, { biddingEndsAt: '2026-11-22T10:00:05Z', minBidAmount: 250, vibeMetrics });
    expect(property).toMatchObject({ biddingEndsAt: '2026-11-22T10:00:05.000Z', minBidAmount: 250, vibeMetrics });
  });

  it('refuses a bidding end that is not in the future', async () => {
    const res = await create(propertyInput({ biddingEndsAt: now.toISOString() }));
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: 'Bidding end date must be in the future', errors: { biddingEndsAt: 'Bidding end date must be in the future' } });
  });

  it('answers every validation rule’s own message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'Title is required'],
      [{ description: ' ' }, 'Description is required'],
      [{ propertyType: 'castle' }, 'Property type must be house, apartment, condo, or townhouse'],
      [{ propertyType: '' }, 'Choose a property type'],
      [{ propertyType: undefined }, 'Choose a property type'],
      [{ bedrooms: 0 }, 'Bedrooms must be a whole number of at least 1'],
      [{ bathrooms: 1.5 }, 'Bathrooms must be a whole number of at least 1'],
      [{ images: 'one' }, 'Images must be a list of uploaded image keys'],
      [{ address: '' }, 'Address is required'],
      [{ location: 'Toronto' }, 'Location must be in the form City, State'],
      [{ biddingEndsAt: 'soon' }, 'Bidding end date must be a valid date and time'],
      [{ minBidAmount: 50 }, 'Minimum bid amount must be a whole number of at least 100'],
      [{ vibeMetrics: { cafes: 120 } }, 'Vibe scores must be whole numbers from 0 to 100'],
    ];
    for (const [override, message] of cases) {
      const res = await create(propertyInput(override));
      expect(res.status, message).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
    const malformed = await t.app.request('/api/properties', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie, 'content-type': 'application/json' },
      body: '{',
    });
    expect(await messageOf(malformed)).toBe('Malformed JSON');
  });

  it('takes only images this homeowner uploaded', async () => {
    const other = await verifiedHomeowner(t, admin);
    const theirs = await uploadImage(t, other.cookie);
    const foreign = await create(propertyInput({ images: [theirs] }));
    expect(foreign.status).toBe(403);
    expect(await messageOf(foreign)).toBe('You can only use files you uploaded');
    const notImages = await create(propertyInput({ images: ['bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf'] }));
    expect(notImages.status).toBe(400);
    expect(await messageOf(notImages)).toBe('Please add images you uploaded');
  });

  it('is for verified homeowners only', async () => {
    const unverified = await registerUser(t.app, { role: 'homeowner' });
    const res = await create(propertyInput(), unverified.cookie);
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe('Only verified homeowners can list properties. Please verify your ownership first.');
    expect((await create(propertyInput(), realtor.cookie)).status).toBe(403);
  });
});

describe('reading listings', () => {
  it('shows an inactive listing only to its owner and administrators', async () => {
    const property = await listProperty(t, owner.cookie);
    expect((await send(t, 'PUT', `/api/admin/properties/${property.id}/toggle`, { cookie: admin })).status).toBe(200);
    const path = `/api/properties/${property.id}`;
    expect((await send(t, 'GET', path, { cookie: realtor.cookie })).status).toBe(404);
    expect(await json(await send(t, 'GET', path, { cookie: owner.cookie }))).toMatchObject({ id: property.id, isActive: false });
    expect(await json(await send(t, 'GET', path, { cookie: admin }))).toMatchObject({ id: property.id, isActive: false });
    const missing = await send(t, 'GET', '/api/properties/no-such', { cookie: realtor.cookie });
    expect(await json(missing)).toEqual({ message: 'Property not found' });
  });

  it('shows a listing the marketplace paused to a realtor who bid on it, as paused, and keeps the bid in their list', async () => {
    const property = await listProperty(t, owner.cookie, { title: 'Paused Cottage' });
    const bidder = await registerRealtor(t, 1);
    expect((await placeBid(t, bidder.cookie, property.id)).status).toBe(201);
    expect((await send(t, 'PUT', `/api/admin/properties/${property.id}/toggle`, { cookie: admin })).status).toBe(200);
    const path = `/api/properties/${property.id}`;
    expect(await json(await send(t, 'GET', path, { cookie: bidder.cookie }))).toMatchObject({ id: property.id, isActive: false });
    expect((await send(t, 'GET', path, { cookie: realtor.cookie })).status).toBe(404);
    const bids = await json<{ propertyId: string; propertyTitle: string; propertyActive: boolean }[]>(await send(t, 'GET', '/api/bids', { cookie: bidder.cookie }));
    expect(bids).toMatchObject([{ propertyId: property.id, propertyTitle: 'Paused Cottage', propertyActive: false }]);
  });

  it('lists the owner’s own properties in every state, newest first', async () => {
    const homeowner = await verifiedHomeowner(t, admin);
    const first = await listProperty(t, homeowner.cookie, { title: 'First' });
    const second = await listProperty(t, homeowner.cookie, { title: 'Second' });
    await send(t, 'PUT', `/api/admin/properties/${first.id}/toggle`, { cookie: admin });
    const mine = await json<PropertyAnswer[]>(await send(t, 'GET', '/api/user/properties', { cookie: homeowner.cookie }));
    expect(mine.map((p) => [p.id, p.isActive])).toEqual([[second.id, true], [first.id, false]]);
    expect(await json(await send(t, 'GET', '/api/user/properties', { cookie: realtor.cookie }))).toEqual([]);
  });
});

describe('GET /api/properties', () => {
  it('pages through active listings newest first with an opaque cursor', async () => {
    const fresh = await createTestApp({ now: () => now });
    try {
      const root = await rootSession(fresh);
      const homeowner = await verifiedHomeowner(fresh, root);
      const listed: PropertyAnswer[] = [];
      for (let i = 0; i < 5; i++) listed.push(await listProperty(fresh, homeowner.cookie, { title: `Home ${i}` }));
      await send(fresh, 'PUT', `/api/admin/properties/${listed[3]?.id}/toggle`, { cookie: root });
      const page = async (query: string) =>
        json<{ properties: PropertyAnswer[]; nextCursor: string | null }>(await send(fresh, 'GET', `/api/properties${query}`, { cookie: homeowner.cookie }));
      const first = await page('?limit=2');
      expect(first.properties.map((p) => p.title)).toEqual(['Home 4', 'Home 2']);
      const second = await page(`?limit=2&cursor=${first.nextCursor}`);
      expect(second.properties.map((p) => p.title)).toEqual(['Home 1', 'Home 0']);
      expect(second.nextCursor).toBeNull();
      // Without paging parameters: the plain list the spec's client reads.
      const plain = await json<PropertyAnswer[]>(await send(fresh, 'GET', '/api/properties', { cookie: homeowner.cookie }));
      expect(plain.map((p) => p.title)).toEqual(['Home 4', 'Home 2', 'Home 1', 'Home 0']);
      expect((await page('?limit=10')).properties).toHaveLength(4);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a bad limit or cursor', async () => {
    for (const [query, message] of [
      ['?limit=0', 'Limit must be a whole number from 1 to 100'],
      ['?limit=101', 'Limit must be a whole number from 1 to 100'],
      ['?cursor=abc', 'Invalid cursor'],
    ]) {
      const res = await send(t, 'GET', `/api/properties${query}`, { cookie: realtor.cookie });
      expect(res.status, query).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
  });
});

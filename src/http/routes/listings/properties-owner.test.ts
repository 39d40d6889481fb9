import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../contract/blob-keys';
import { variantKey } from '../../../blobs/keys';
import { expected } from '../../../event-store/port';
import { send } from '../../../testing/admins';
import type { PropertyAnswer } from '../../../testing/listings';
import { FILES, listProperty, propertyInput, rootSession, uploadImage, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

let t: TestApp;
let admin: string;
let owner: { cookie: string; user: { id: string } };
let otherOwner: { cookie: string; user: { id: string } };
let realtor: { cookie: string; user: { id: string } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await rootSession(t);
  owner = await verifiedHomeowner(t, admin);
  otherOwner = await verifiedHomeowner(t, admin);
  realtor = await registerUser(t.app, { role: 'realtor' });
});

afterAll(async () => {
  await t.close();
});

const json = async <T>(res: Response) => (await res.json()) as T;
const messageOf = async (res: Response) => (await json<{ message: string }>(res)).message;
const edit = (id: string, body: unknown, cookie = owner.cookie) => send(t, 'PUT', `/api/properties/${id}`, { cookie, body });

/** What the bidding context appends to a realtor's account stream; this read model counts it. */
async function appendBidEvent(type: 'BidPlaced' | 'BidRefunded', propertyId: string, bidId: string) {
  const data = type === 'BidPlaced' ? { bidId, propertyId, amount: 100, message: '', at: new Date().toISOString() } : { bidId, propertyId, reason: 'test', at: new Date().toISOString() };
  const { position } = await t.deps.eventStore.append(`user-${realtor.user.id}`, [{ id: crypto.randomUUID(), type, data }], expected.any);
  await t.runner.waitFor(position);
}

describe('PUT /api/properties/{id}', () => {
  it('lets the owner edit details and images; removed images are deleted', async () => {
    const [kept, removed, added] = [await uploadImage(t, owner.cookie), await uploadImage(t, owner.cookie), await uploadImage(t, owner.cookie, FILES.jpeg())];
    const property = await listProperty(t, owner.cookie, { images: [kept, removed] });
    const body = { ...propertyInput({ title: 'Renovated home', bedrooms: 4 }), images: [added, kept] };
    const res = await edit(property.id, body);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: property.id, title: 'Renovated home', bedrooms: 4, images: [added, kept], bidCount: 0 });
    expect(await t.deps.blobs.get(removed)).toBeNull();
    expect(await t.deps.blobs.get(variantKey(removed, 400))).toBeNull();
    expect(await t.deps.blobs.get(kept)).not.toBeNull();
    expect(await t.deps.blobs.get(variantKey(kept, 400))).not.toBeNull();
  });

  it('refuses anyone but the owner with 403, and changes nothing', async () => {
    const property = await listProperty(t, owner.cookie);
    const res = await edit(property.id, propertyInput({ images: [], title: 'Mine now' }), otherOwner.cookie);
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe('Only the owner can edit this property');
    expect((await edit(property.id, propertyInput({ images: [] }), realtor.cookie)).status).toBe(403);
    const after = await json<PropertyAnswer>(await send(t, 'GET', `/api/properties/${property.id}`, { cookie: owner.cookie }));
    expect(after.title).toBe(property.title);
  });

  it('takes only images the owner uploaded, and the edit rules', async () => {
    const property = await listProperty(t, owner.cookie);
    const theirs = await uploadImage(t, otherOwner.cookie);
    expect((await edit(property.id, propertyInput({ images: [theirs] }))).status).toBe(403);
    const bad = await edit(property.id, propertyInput({ images: [], bathrooms: 0 }));
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe('Bathrooms must be a whole number of at least 1');
    expect(await messageOf(await edit(property.id, propertyInput()))).toBe('Images must be a list of uploaded image keys');
    expect((await edit('no-such', propertyInput({ images: [] }))).status).toBe(404);
  });
});

describe('DELETE /api/properties/{id}', () => {
  it('lets the owner delete the listing and its images', async () => {
    const image = await uploadImage(t, owner.cookie);
    const property = await listProperty(t, owner.cookie, { images: [image] });
    expect((await send(t, 'DELETE', `/api/properties/${property.id}`, { cookie: otherOwner.cookie })).status).toBe(403);
    const copies = IMAGE_WIDTHS.map((width) => variantKey(image, width));
    for (const key of [image, ...copies]) expect(await t.deps.blobs.get(key), key).not.toBeNull();
    const res = await send(t, 'DELETE', `/api/properties/${property.id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true });
    for (const key of [image, ...copies]) expect(await t.deps.blobs.get(key), key).toBeNull();
    expect((await send(t, 'GET', `/api/properties/${property.id}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await send(t, 'DELETE', `/api/properties/${property.id}`, { cookie: owner.cookie })).status).toBe(404);
    const events = await t.deps.eventStore.readStream(`property-${property.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'PropertyDeleted', data: { propertyId: property.id, ownerId: owner.user.id, images: [image] } });
  });

  it('keeps an image another of the owner’s listings still shows', async () => {
    const image = await uploadImage(t, owner.cookie);
    const first = await listProperty(t, owner.cookie, { images: [image] });
    await listProperty(t, owner.cookie, { images: [image] });
    await send(t, 'DELETE', `/api/properties/${first.id}`, { cookie: owner.cookie });
    expect(await t.deps.blobs.get(image)).not.toBeNull();
  });
});

describe('administrators', () => {
  it('toggle a listing off and on; the home list follows', async () => {
    const property = await listProperty(t, owner.cookie, { title: 'Toggle me' });
    const off = await send(t, 'PUT', `/api/admin/properties/${property.id}/toggle`, { cookie: admin });
    expect(await json(off)).toMatchObject({ id: property.id, isActive: false, ownerEmail: expect.any(String) });
    const listed = async () => (await json<PropertyAnswer[]>(await send(t, 'GET', '/api/properties', { cookie: realtor.cookie }))).map((p) => p.id);
    expect(await listed()).not.toContain(property.id);
    const on = await send(t, 'PUT', `/api/admin/properties/${property.id}/toggle`, { cookie: admin });
    expect(await json(on)).toMatchObject({ isActive: true });
    expect(await listed()).toContain(property.id);
    expect((await send(t, 'PUT', '/api/admin/properties/no-such/toggle', { cookie: admin })).status).toBe(404);
  });

  it('search every listing by title or location, case-insensitively', async () => {
    await listProperty(t, owner.cookie, { title: 'Lakeside Cottage', location: 'Barrie, ON' });
    await listProperty(t, owner.cookie, { title: 'City loft', location: 'Ottawa, ON' });
    const search = async (term: string) =>
      (await json<{ items: Array<{ title: string; ownerName: string }> }>(await send(t, 'GET', `/api/admin/properties?search=${encodeURIComponent(term)}`, { cookie: admin }))).items.map((p) => p.title);
    expect(await search('lakeside')).toEqual(['Lakeside Cottage']);
    expect(await search('OTTAWA')).toEqual(['City loft']);
    expect(await search('(')).toEqual([]);
    expect((await search('')).length).toBeGreaterThan(2);
  });
});

describe('bidCount', () => {
  it('follows the bidding context’s BidPlaced and BidRefunded events', async () => {
    const property = await listProperty(t, owner.cookie);
    await appendBidEvent('BidPlaced', property.id, 'b1');
    await appendBidEvent('BidPlaced', property.id, 'b2');
    const read = async () => (await json<PropertyAnswer>(await send(t, 'GET', `/api/properties/${property.id}`, { cookie: realtor.cookie }))).bidCount;
    expect(await read()).toBe(2);
    await appendBidEvent('BidRefunded', property.id, 'b1');
    expect(await read()).toBe(1);
    // A bid event for a listing that is gone changes nothing and breaks nothing.
    await send(t, 'DELETE', `/api/properties/${property.id}`, { cookie: owner.cookie });
    await appendBidEvent('BidRefunded', property.id, 'b2');
    expect((await send(t, 'GET', `/api/properties/${property.id}`, { cookie: realtor.cookie })).status).toBe(404);
  });
});

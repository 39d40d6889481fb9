import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLY_OWNER_SELECTS } from '../../domain/bidding/selection';
import { CONTENT_TOO_LONG, LEGAL_CONTENT_MAX } from '../../contract/legal/legal';
import { OWNER_ONLY_EDIT } from '../../domain/listings/decide';
import { send } from '../../testing/admins';
import { listProperty, propertyInput, rootSession, verifiedHomeowner } from '../../testing/listings';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { registerUser } from '../../testing/user-session';
import { JSON_BODY_LIMIT } from '../app';
import { EVENT_TOO_LARGE_MESSAGE } from '../errors';

/*
 * Through the routes: a field as long as the JSON body limit allows is refused
 * by its length, in milliseconds, and a request that needs no body to be
 * refused (not the owner, no such thing) is refused before its body is read
 * (docs/decisions/0021).
 */

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

/** A location with no comma, as long as the body limit leaves room for: the old pattern spent minutes on it. */
const LONG_LOCATION = 'a'.repeat(JSON_BODY_LIMIT - 1000);
const LOCATION_TOO_LONG = 'Location must be less than 200 characters';

const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as { message: string; errors?: Record<string, string> } });

describe('a body-sized field is refused by its length', () => {
  it('POST /api/properties with a location as long as the body limit: 400 on the location', async () => {
    const res = await send(t, 'POST', '/api/properties', { cookie: owner.cookie, body: propertyInput({ location: LONG_LOCATION }) });
    expect(await answer(res)).toEqual({ status: 400, body: { message: LOCATION_TOO_LONG, errors: { location: LOCATION_TOO_LONG } } });
  });

  it('PUT /api/properties/{id} by its owner: the same 400', async () => {
    const property = await listProperty(t, owner.cookie);
    const res = await send(t, 'PUT', `/api/properties/${property.id}`, { cookie: owner.cookie, body: { ...propertyInput({ location: LONG_LOCATION }), images: [] } });
    expect(await answer(res)).toEqual({ status: 400, body: { message: LOCATION_TOO_LONG, errors: { location: LOCATION_TOO_LONG } } });
  });

  it('a legal document over 150,000 characters is refused with 400; one of exactly that is stored', async () => {
    const document = (content: string) => ({ type: 'privacy_policy', title: 'Privacy', content, version: '9.0', effectiveDate: '2026-12-01T09:30' });
    const tooLong = await send(t, 'POST', '/api/admin/legal-documents', { cookie: admin, body: document('x'.repeat(LEGAL_CONTENT_MAX + 1)) });
    expect(await answer(tooLong)).toEqual({ status: 400, body: { message: CONTENT_TOO_LONG, errors: { content: CONTENT_TOO_LONG } } });
    expect(CONTENT_TOO_LONG).toBe('Content must be less than 150000 characters');

    const atTheCap = await send(t, 'POST', '/api/admin/legal-documents', { cookie: admin, body: document('x'.repeat(LEGAL_CONTENT_MAX)) });
    expect(atTheCap.status).toBe(201);
  });

  it('a text whose event would pass 512 kB is answered 413 with a clear message, not 500', async () => {
    // Within the cap in characters, but each lone surrogate is stored as a 6-byte JSON escape (control
    // characters, which once did the same, are refused before: src/http/system-tests/strict-edges.test.ts).
    const res = await send(t, 'POST', '/api/admin/legal-documents', {
      cookie: admin,
      body: { type: 'privacy_policy', title: 'Escapes', content: '\ud800'.repeat(LEGAL_CONTENT_MAX), version: '9.1', effectiveDate: '2026-12-01T09:30' },
    });
    expect(await answer(res)).toEqual({ status: 413, body: { message: EVENT_TOO_LARGE_MESSAGE } });
    const list = (await (await send(t, 'GET', '/api/admin/legal-documents', { cookie: admin })).json()) as { items: Array<{ title: string }> };
    expect(list.items.map((doc) => doc.title)).not.toContain('Escapes');
  });
});

describe('what needs no body is checked before the body', () => {
  it("PUT /api/properties/{id} on another owner's listing: 403 whatever the body", async () => {
    const property = await listProperty(t, owner.cookie);
    const res = await send(t, 'PUT', `/api/properties/${property.id}`, { cookie: otherOwner.cookie, body: { location: LONG_LOCATION } });
    expect(await answer(res)).toEqual({ status: 403, body: { message: OWNER_ONLY_EDIT } });
  });

  it('PUT /api/properties/{id} on no listing: 404 whatever the body', async () => {
    const res = await send(t, 'PUT', '/api/properties/no-such-listing', { cookie: owner.cookie, body: { location: LONG_LOCATION } });
    expect(await answer(res)).toEqual({ status: 404, body: { message: 'Property not found' } });
  });

  it("POST /api/properties/{id}/select-bid on another owner's listing: 403 whatever the body", async () => {
    const property = await listProperty(t, owner.cookie);
    const res = await send(t, 'POST', `/api/properties/${property.id}/select-bid`, { cookie: otherOwner.cookie, body: { bidId: 'x'.repeat(100_000) } });
    expect(await answer(res)).toEqual({ status: 403, body: { message: ONLY_OWNER_SELECTS } });
  });

  it('PUT /api/bids/{bidId} on no bid: 404 whatever the body', async () => {
    const res = await send(t, 'PUT', '/api/bids/no-such-bid', { cookie: realtor.cookie, body: { message: 42 } });
    expect(await answer(res)).toEqual({ status: 404, body: { message: 'Bid not found' } });
  });

  it('the back office answers 404 for no such user, verification or administrator, whatever the body', async () => {
    const user = await send(t, 'PUT', '/api/admin/users/no-such-user', { cookie: admin, body: { credits: 'many' } });
    expect(user.status).toBe(404);
    const verification = await send(t, 'POST', '/api/admin/verifications/no-such/reject', { cookie: admin, body: {} });
    expect(verification.status).toBe(404);
    const administrator = await send(t, 'PUT', `/api/admin/admin-users/${crypto.randomUUID()}/password`, { cookie: admin, body: {} });
    expect(administrator.status).toBe(404);
  });
});

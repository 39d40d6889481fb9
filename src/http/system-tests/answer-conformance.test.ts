import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { propertyAnswer } from '../../contract/listings/listing-answers';
import { ownerBidAnswer } from '../../contract/bidding/bidding-answers';
import { approveRealtor, placeBid, registerHomeowner, registerUnvettedRealtor, testClock } from '../../testing/bidding';
import { FILES, rootSession, uploadAvatar, uploadBill, uploadImage, verifiedHomeowner } from '../../testing/listings';
import { cookieFrom, send } from '../../testing/admins';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { API_OPERATIONS } from '../routes/api-operations';

/*
 * The server's real answers against the contract's answer schemas: every
 * operation whose row in api-operations.ts names a schema is called here, as
 * a role that may call it, in the states that add optional fields (contact
 * details after a selection), and its answer must parse and lose nothing in
 * parsing. The schemas drop keys they do not name, at every depth, so an
 * answer equal to its parse has no field the contract does not declare:
 * a field added on the server alone fails here (docs/decisions/0048).
 */

const DAY = 24 * 60 * 60 * 1000;
const PROFILE = { brokerageName: 'Maple Realty', licenseNumber: 'L-1', serviceAreas: ['Downtown'], specialties: ['Condos'], additionalServices: ['Staging'], commissionRate: '2.5%', about: 'Twelve years downtown.', yearsOfExperience: 12 };
const VIBES = { cafes: 80, greenery: 60, schools: 70, safety: 90, transit: 50, community: 75 };

/** The first difference between an answer and its parse, or undefined when the schema accepts it as it is. */
function mismatch(schema: z.ZodType, answer: unknown): string | undefined {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) return JSON.stringify(parsed.error.issues);
  try {
    expect(parsed.data).toEqual(answer);
    return undefined;
  } catch (error) {
    return `fields the contract does not declare: ${(error as Error).message}`;
  }
}

const checked = new Set<string>();

/** Asserts the status and the shape of `route`'s answer; answers its body for the next steps. */
async function conforms<T = Record<string, unknown>>(route: string, res: Response): Promise<T> {
  const answer = API_OPERATIONS[route]?.answer;
  if (!answer?.schema) throw new Error(`${route} names no answer schema in api-operations.ts`);
  const text = await res.text();
  expect(res.status, `${route}: ${text}`).toBe(answer.status ?? 200);
  const body: unknown = JSON.parse(text);
  expect(mismatch(answer.schema, body), route).toBeUndefined();
  checked.add(route);
  return body as T;
}

let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});

afterAll(async () => {
  await t.close();
});

describe('answers conform to the contract', () => {
  it('catches an answer with a field the contract does not declare, at any depth, or a field of another type', () => {
    const property = {
      id: 'p1', ownerId: 'u1', title: 'Loft', description: 'Bright', propertyType: 'condo', bedrooms: 1, bathrooms: 1,
      address: '1 Main St', location: 'Toronto, ON', images: [], biddingEndsAt: '2026-12-06T10:00:00.000Z', isActive: true,
      minBidAmount: 100, vibeMetrics: null, createdAt: '2026-11-22T10:00:00.000Z', bidCount: 0, realtorChosen: false, area: 'Downtown',
    };
    expect(mismatch(propertyAnswer, property)).toBeUndefined();
    expect(mismatch(propertyAnswer, { ...property, ownerEmail: 'o@example.com' })).toMatch(/does not declare/);
    expect(mismatch(propertyAnswer, { ...property, vibeMetrics: { ...VIBES, noise: 3 } })).toMatch(/does not declare/);
    expect(mismatch(propertyAnswer, { ...property, bidCount: '0' })).toMatch(/bidCount/);
    const bid = {
      id: 'b1', propertyId: 'p1', realtorId: 'r1', amount: 150, message: '', createdAt: 'x', updatedAt: 'x', status: 'pending',
      statusLabel: 'Open', selected: false, realtorName: '', realtorProfileImage: null, seenAt: null, editCount: 0,
      realtorVerified: false, yearsOfExperience: 3, specialties: [], serviceAreas: [], servesListingArea: false, wins: 0, reviewSummary: { count: 0, average: null },
    };
    expect(mismatch(z.array(ownerBidAnswer), [bid, { ...bid, id: 'b2', hiddenNote: 'x' }])).toMatch(/does not declare/);
  });

  it('for the signed-in user, from registration to a changed name', async () => {
    const input = { username: 'una_user', password: 'Secret123', email: 'una@example.com', name: 'Una User', role: 'realtor' };
    const registered = await send(t, 'POST', '/api/register', { body: input });
    await conforms('POST /api/register', registered);
    const cookie = cookieFrom(registered, 'session');
    await conforms('GET /api/user', await send(t, 'GET', '/api/user', { cookie }));
    await conforms('PUT /api/user/info', await send(t, 'PUT', '/api/user/info', { cookie, body: { name: 'Una Updated', phone: '+14165550123' } }));
    await conforms('POST /api/login', await send(t, 'POST', '/api/login', { body: { username: input.username, password: input.password } }));
    const redirected = await conforms('POST /api/login', await send(t, 'POST', '/api/login', { body: { username: input.username, password: input.password, redirectTo: '/dashboard' } }));
    expect(redirected).toHaveProperty('redirectTo', '/dashboard');
  });

  it('for a listing from its creation to its selection, as each role that reads it', async () => {
    const admin = await rootSession(t);
    const owner = await verifiedHomeowner(t, admin, { name: 'Olive Owner' });
    const stranger = await registerHomeowner(t, { name: 'Sam Stranger' });
    const chosen = await registerUnvettedRealtor(t, 3, { name: 'Rita Realtor' });
    const other = await registerUnvettedRealtor(t, 3, { name: 'Otto Other' });

    // The listing, with an image and vibe scores, so no field is empty.
    const image = await uploadImage(t, owner.cookie, FILES.png());
    const created = await conforms<{ id: string; biddingEndsAt: string }>(
      'POST /api/properties',
      await send(t, 'POST', '/api/properties', { cookie: owner.cookie, body: { title: 'Sunny loft', description: 'Near the park.', propertyType: 'condo', bedrooms: 2, bathrooms: 1, address: '12 Elm Street', location: 'Toronto, ON', images: [image], vibeMetrics: VIBES, minBidAmount: 120 } }),
    );
    const propertyId = created.id;
    await conforms('PUT /api/properties/:id', await send(t, 'PUT', `/api/properties/${propertyId}`, { cookie: owner.cookie, body: { title: 'Sunny loft, renovated', description: 'Near the park.', propertyType: 'condo', bedrooms: 2, bathrooms: 1, address: '12 Elm Street', location: 'Toronto, ON', images: [image], vibeMetrics: VIBES } }));
    await send(t, 'POST', '/api/properties', { cookie: owner.cookie, body: { title: 'Second home', description: 'Quiet.', propertyType: 'house', bedrooms: 3, bathrooms: 2, address: '14 Elm Street', location: 'Toronto, ON', images: [] } });

    // The realtors' profiles, one with a picture.
    const avatar = await uploadAvatar(t, chosen.cookie);
    await conforms('POST /api/realtor-profile', await send(t, 'POST', '/api/realtor-profile', { cookie: chosen.cookie, body: { ...PROFILE, profileImageUrl: avatar } }));
    await conforms('GET /api/realtor-profile', await send(t, 'GET', '/api/realtor-profile', { cookie: other.cookie }));
    // Their licences approved, so they may bid (docs/decisions/0050).
    await approveRealtor(t, chosen.user.id);
    await approveRealtor(t, other.user.id);

    // Bids, one edited.
    const bid = await conforms<{ id: string }>('POST /api/properties/:id/bid', await placeBid(t, chosen.cookie, propertyId, { amount: 200, message: 'I sell fast.' }));
    await conforms('POST /api/properties/:id/bid', await placeBid(t, other.cookie, propertyId, { amount: 150 }));
    await conforms('PUT /api/bids/:bidId', await send(t, 'PUT', `/api/bids/${bid.id}`, { cookie: chosen.cookie, body: { message: 'I sell faster.' } }));
    await conforms('GET /api/bids/:bidId/history', await send(t, 'GET', `/api/bids/${bid.id}/history`, { cookie: owner.cookie }));
    await conforms('GET /api/bids/:bidId/history', await send(t, 'GET', `/api/bids/${bid.id}/history`, { cookie: chosen.cookie }));

    // Every reader of the open listing.
    for (const cookie of [owner.cookie, chosen.cookie, stranger.cookie, admin]) {
      await conforms('GET /api/properties/:id', await send(t, 'GET', `/api/properties/${propertyId}`, { cookie }));
    }
    await conforms('GET /api/user/properties', await send(t, 'GET', '/api/user/properties', { cookie: owner.cookie }));
    await conforms('GET /api/properties', await send(t, 'GET', '/api/properties', { cookie: chosen.cookie }));
    const first = await conforms<{ nextCursor: string | null; total?: number }>('GET /api/properties', await send(t, 'GET', '/api/properties?limit=1', { cookie: chosen.cookie }));
    expect(first.total).toBe(2);
    await conforms('GET /api/properties', await send(t, 'GET', `/api/properties?limit=1&cursor=${encodeURIComponent(first.nextCursor ?? '')}`, { cookie: chosen.cookie }));
    for (const cookie of [owner.cookie, chosen.cookie]) {
      await conforms('GET /api/properties/:id/bids', await send(t, 'GET', `/api/properties/${propertyId}/bids`, { cookie }));
    }
    await conforms('GET /api/bids', await send(t, 'GET', '/api/bids', { cookie: chosen.cookie }));
    await conforms('GET /api/realtor-profile/:realtorId', await send(t, 'GET', `/api/realtor-profile/${chosen.user.id}`, { cookie: owner.cookie }));
    await conforms('GET /api/contact-shares', await send(t, 'GET', '/api/contact-shares', { cookie: owner.cookie }));

    // After the close the owner selects: contact details join the answers.
    clock.set(new Date(Date.parse(created.biddingEndsAt) + DAY).toISOString());
    const selection = await conforms<{ bid: Record<string, unknown> | null }>('POST /api/properties/:id/select-bid', await send(t, 'POST', `/api/properties/${propertyId}/select-bid`, { cookie: owner.cookie, body: { bidId: bid.id } }));
    expect(selection.bid).toHaveProperty('realtorEmail');

    const ownerBids = await conforms<Array<Record<string, unknown>>>('GET /api/properties/:id/bids', await send(t, 'GET', `/api/properties/${propertyId}/bids`, { cookie: owner.cookie }));
    expect(ownerBids.find((row) => row.selected)).toMatchObject({ realtorEmail: chosen.input.email, realtorPhone: '+14165550199', editCount: 1 });
    const ownBids = await conforms<Array<Record<string, unknown>>>('GET /api/bids', await send(t, 'GET', '/api/bids', { cookie: chosen.cookie }));
    expect(ownBids[0]).toHaveProperty('ownerEmail');
    await conforms('GET /api/bids', await send(t, 'GET', '/api/bids', { cookie: other.cookie }));
    const profile = await conforms('GET /api/realtor-profile/:realtorId', await send(t, 'GET', `/api/realtor-profile/${chosen.user.id}`, { cookie: owner.cookie }));
    expect(profile).toHaveProperty('email');
    await conforms('GET /api/realtor-profile/:realtorId', await send(t, 'GET', `/api/realtor-profile/${chosen.user.id}`, { cookie: stranger.cookie }));
    for (const cookie of [owner.cookie, chosen.cookie]) {
      const { shares } = await conforms<{ shares: unknown[] }>('GET /api/contact-shares', await send(t, 'GET', '/api/contact-shares', { cookie }));
      expect(shares).toHaveLength(1);
    }
    await conforms('GET /api/properties/:id', await send(t, 'GET', `/api/properties/${propertyId}`, { cookie: owner.cookie }));
    // The inbox of each party to the selection (docs/decisions/0060).
    for (const cookie of [owner.cookie, chosen.cookie, other.cookie]) {
      const inbox = await conforms<{ items: Array<{ id: string }> }>('GET /api/notifications', await send(t, 'GET', '/api/notifications', { cookie }));
      expect(inbox.items.length).toBeGreaterThan(0);
      await conforms('POST /api/notifications/read', await send(t, 'POST', '/api/notifications/read', { cookie, body: { ids: [inbox.items[0]?.id] } }));
    }

    // The owner reviews the chosen realtor, who replies; an administrator hides it (docs/decisions/0051).
    await conforms('POST /api/properties/:id/review', await send(t, 'POST', `/api/properties/${propertyId}/review`, { cookie: owner.cookie, body: { rating: 5, text: 'Quick sale, clear advice.' } }));
    await conforms('POST /api/reviews/:reviewId/reply', await send(t, 'POST', `/api/reviews/${propertyId}/reply`, { cookie: chosen.cookie, body: { text: 'Thank you!' } }));
    const reviews = await conforms<{ items: unknown[] }>('GET /api/realtors/:realtorId/reviews', await send(t, 'GET', `/api/realtors/${chosen.user.id}/reviews`, { cookie: stranger.cookie }));
    expect(reviews.items).toHaveLength(1);
    await conforms('GET /api/admin/reviews', await send(t, 'GET', '/api/admin/reviews', { cookie: admin }));
    await conforms('POST /api/admin/reviews/:reviewId/hide', await send(t, 'POST', `/api/admin/reviews/${propertyId}/hide`, { cookie: admin, body: { reason: 'Test' } }));
    await conforms('GET /api/admin/reviews', await send(t, 'GET', '/api/admin/reviews', { cookie: admin }));
  });

  it("for the back office's verification queue and legal documents", async () => {
    // An app of its own: a legal document in force would change what registering on the shared one asks.
    const office = await createTestApp();
    try {
      const admin = await rootSession(office);
      const submit = async (name: string) => {
        const homeowner = await registerHomeowner(office, { name });
        const documentUrl = await uploadBill(office, homeowner.cookie);
        expect((await send(office, 'POST', '/api/verification/submit', { cookie: homeowner.cookie, body: { documentUrl } })).status).toBe(200);
      };
      await submit('Hana Approved');
      await submit('Ravi Rejected');
      const queue = await conforms<{ items: Array<{ id: string }> }>('GET /api/admin/verifications', await send(office, 'GET', '/api/admin/verifications?status=pending&limit=100', { cookie: admin }));
      const [first, second] = queue.items;
      if (!first || !second) throw new Error('Both submissions should be in the queue');
      await conforms('POST /api/admin/verifications/:id/approve', await send(office, 'POST', `/api/admin/verifications/${first.id}/approve`, { cookie: admin, body: { adminNotes: 'Bill matches.' } }));
      await conforms('POST /api/admin/verifications/:id/reject', await send(office, 'POST', `/api/admin/verifications/${second.id}/reject`, { cookie: admin, body: { subject: 'Your bill', message: 'The name does not match.' } }));
      // Reviewed rows carry their reviewer, notes and reason.
      await conforms('GET /api/admin/verifications', await send(office, 'GET', '/api/admin/verifications?limit=100', { cookie: admin }));

      const input = { type: 'privacy_policy', title: 'Privacy Policy', content: 'What we keep.', version: '1.0', effectiveDate: new Date().toISOString() };
      const draft = await conforms<{ id: number }>('POST /api/admin/legal-documents', await send(office, 'POST', '/api/admin/legal-documents', { cookie: admin, body: input }));
      await conforms('PUT /api/admin/legal-documents/:id', await send(office, 'PUT', `/api/admin/legal-documents/${draft.id}`, { cookie: admin, body: { ...input, content: 'What we keep, and why.' } }));
      await conforms('POST /api/admin/legal-documents/:id/activate', await send(office, 'POST', `/api/admin/legal-documents/${draft.id}/activate`, { cookie: admin }));
      await conforms('GET /api/admin/legal-documents', await send(office, 'GET', '/api/admin/legal-documents', { cookie: admin }));
    } finally {
      await office.close();
    }
  });

  it('has called every operation whose answer the contract describes', () => {
    const described = Object.entries(API_OPERATIONS)
      .filter(([, operation]) => operation.answer?.schema !== undefined)
      .map(([route]) => route);
    expect([...checked].sort()).toEqual(described.sort());
  });
});

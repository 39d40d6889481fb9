import { describe, expect, it } from 'vitest';
import { expected } from '../../../event-store/port';
import { propertyStreamId } from '../../../domain/listings/events';
import { reviewStreamId } from '../../../domain/reviews/review';
import { ROOT, seedSuperAdmin, signInAdmin } from '../../../testing/admins';
import type { BiddingApp } from '../../../testing/bidding';
import { get, placeBid, propertyListedData, registerHomeowner, registerRealtor, testClock, VETTED_PROFILE } from '../../../testing/bidding';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';
const goodReview = { rating: 5, text: 'Sold in nine days, and she answered every call.' };

/** A listing in a city of the realtors' service areas (the shared fixture lists in Toronto). */
async function listIn(t: BiddingApp, ownerId: string, location: string, biddingEndsAt = closes): Promise<string> {
  const propertyId = crypto.randomUUID();
  const data = { ...propertyListedData(propertyId, ownerId, { biddingEndsAt, title: 'Garden semi' }), location };
  const { position } = await t.deps.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data }], expected.noStream);
  await t.runner.waitFor(position);
  return propertyId;
}

function saveProfile(t: BiddingApp, cookie: string, profile: Record<string, unknown>) {
  // The vetted licence and brokerage kept, so the approved profile stays approved (docs/decisions/0050).
  const { brokerageName, licenseNumber } = VETTED_PROFILE;
  return sendJson(t.app, 'POST', '/api/realtor-profile', { brokerageName, licenseNumber, commissionRate: '2.5', specialties: ['Condos'], serviceAreas: ['Downtown'], ...profile }, cookie);
}

async function setUp() {
  const clock = testClock();
  const t = await app({ now: clock.now });
  const owner = await registerHomeowner(t, { name: 'Olive Owner' });
  const chosen = await registerRealtor(t, 3, { name: 'Rita Realtor' });
  const other = await registerRealtor(t, 3, { name: 'Ray Rival' });
  const propertyId = await listIn(t, owner.user.id, 'Mississauga, ON');
  const bid = (await (await placeBid(t, chosen.cookie, propertyId, { amount: 150, message: 'I sell in Mississauga every month.' })).json()) as { id: string };
  await placeBid(t, other.cookie, propertyId, { amount: 200 });
  const select = async () => {
    clock.set('2026-12-06T10:00:01.000Z');
    const res = await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: bid.id }, owner.cookie);
    expect(res.status).toBe(200);
  };
  const review = (cookie: string, body: unknown = goodReview, id = propertyId) => sendJson(t.app, 'POST', `/api/properties/${id}/review`, body, cookie);
  const reviewsOf = async (realtorId: string, cookie: string, query = '') =>
    (await (await get(t, `/api/realtors/${realtorId}/reviews${query}`, cookie)).json()) as { items: Array<Record<string, unknown>>; nextCursor: string | null; total: number };
  return { t, clock, owner, chosen, other, propertyId, select, review, reviewsOf };
}

const answer = async (res: Response) => [res.status, ((await res.json()) as { message?: string }).message];

describe('POST /api/properties/{id}/review', () => {
  it('refuses before a selection, anyone but the homeowner who chose, and a realtor by role', async () => {
    const { t, owner, chosen, select, review } = await setUp();
    expect(await answer(await review(owner.cookie))).toEqual([403, 'Only the homeowner who chose a realtor on this listing can review them']);
    await select();
    const stranger = await registerHomeowner(t);
    expect(await answer(await review(stranger.cookie))).toEqual([403, 'Only the homeowner who chose a realtor on this listing can review them']);
    expect((await review(chosen.cookie)).status).toBe(403);
    expect((await review('')).status).toBe(401);
    expect(await answer(await review(owner.cookie, goodReview, 'no-such-listing'))).toEqual([404, 'Property not found']);
  });

  it.each([
    [{ text: goodReview.text }, 'Rating must be a whole number from 1 to 5'],
    [{ ...goodReview, rating: 0 }, 'Rating must be a whole number from 1 to 5'],
    [{ ...goodReview, rating: 6 }, 'Rating must be a whole number from 1 to 5'],
    [{ ...goodReview, rating: 4.5 }, 'Rating must be a whole number from 1 to 5'],
    [{ ...goodReview, rating: '5' }, 'Rating must be a whole number from 1 to 5'],
    [{ rating: 5 }, 'Review must be 10 to 2000 characters'],
    [{ rating: 5, text: '   too short   ' }, 'Review must be 10 to 2000 characters'],
    [{ rating: 5, text: 'x'.repeat(2001) }, 'Review must be 10 to 2000 characters'],
    [{ rating: 5, text: 'x'.repeat(1_000_000) }, 'Review must be 10 to 2000 characters'],
  ])('answers 400 to a bad body (case %#)', async (body, message) => {
    const { owner, select, review } = await setUp();
    await select();
    expect(await answer(await review(owner.cookie, body))).toEqual([400, message]);
  });

  it('takes one review from the homeowner who chose, shown without naming them, newest first', async () => {
    const { t, clock, owner, chosen, other, propertyId, select, review, reviewsOf } = await setUp();
    await select();
    const res = await review(owner.cookie, { rating: 4, text: '  Clear advice and a quick sale.  ' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({ id: propertyId, rating: 4, text: 'Clear advice and a quick sale.', createdAt: '2026-12-06T10:00:01.000Z', reply: null, author: 'Homeowner in Mississauga' });
    expect(await answer(await review(owner.cookie))).toEqual([409, 'You have already reviewed the realtor for this listing']);
    expect((await t.deps.eventStore.readStream(reviewStreamId(propertyId))).map((event) => event.type)).toEqual(['ReviewSubmitted']);

    // A second listing of another homeowner chose the same realtor later.
    const second = await registerHomeowner(t, { name: 'Sam Second' });
    const laterListing = await listIn(t, second.user.id, 'Oakville, ON', '2026-12-08T10:00:00.000Z');
    const laterBid = (await (await placeBid(t, chosen.cookie, laterListing, { amount: 100 })).json()) as { id: string };
    clock.set('2026-12-08T10:00:01.000Z');
    expect((await sendJson(t.app, 'POST', `/api/properties/${laterListing}/select-bid`, { bidId: laterBid.id }, second.cookie)).status).toBe(200);
    expect((await review(second.cookie, { rating: 1, text: 'Never called me back after the sale.' }, laterListing)).status).toBe(201);

    const page = await reviewsOf(chosen.user.id, other.cookie);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.rating, item.author])).toEqual([
      [1, 'Homeowner in Oakville'],
      [4, 'Homeowner in Mississauga'],
    ]);
    expect(JSON.stringify(page)).not.toMatch(/Olive|Sam Second|authorId|ownerId/);
    const first = await reviewsOf(chosen.user.id, other.cookie, '?limit=1');
    expect([first.items.length, first.total, first.nextCursor !== null]).toEqual([1, 2, true]);
    expect((await reviewsOf(other.user.id, owner.cookie)).items).toEqual([]);

    const profile = (await (await get(t, `/api/realtor-profile/${chosen.user.id}`, other.cookie)).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ reviewSummary: { count: 2, average: 2.5 }, wins: 2, isVerified: expect.any(Boolean) });
  });
});

describe('GET /api/realtors/{realtorId}/reviews', () => {
  it('answers 404 for someone who is not a realtor, and 400 for a bad limit', async () => {
    const { t, owner, chosen, reviewsOf } = await setUp();
    expect(await answer(await get(t, `/api/realtors/${owner.user.id}/reviews`, chosen.cookie))).toEqual([404, 'Realtor not found']);
    expect(await answer(await get(t, `/api/realtors/${chosen.user.id}/reviews?limit=0`, owner.cookie))).toEqual([400, 'Limit must be between 1 and 100']);
    expect(await reviewsOf(chosen.user.id, owner.cookie)).toEqual({ items: [], nextCursor: null, total: 0 });
  });
});

describe('POST /api/reviews/{reviewId}/reply', () => {
  it('lets the reviewed realtor answer once, and no one else', async () => {
    const { t, owner, chosen, other, propertyId, select, review, reviewsOf } = await setUp();
    const reply = (cookie: string, body: unknown = { text: 'Thank you, it was a pleasure.' }, id = propertyId) => sendJson(t.app, 'POST', `/api/reviews/${id}/reply`, body, cookie);
    expect(await answer(await reply(chosen.cookie))).toEqual([404, 'Review not found']);
    await select();
    expect((await review(owner.cookie)).status).toBe(201);
    expect(await answer(await reply(other.cookie))).toEqual([403, 'Only the reviewed realtor can reply to this review']);
    expect((await reply(owner.cookie)).status).toBe(403);
    expect(await answer(await reply(chosen.cookie, { text: '   ' }))).toEqual([400, 'Reply must be 1 to 2000 characters']);
    expect(await answer(await reply(chosen.cookie, { text: 'x'.repeat(2001) }))).toEqual([400, 'Reply must be 1 to 2000 characters']);
    const res = await reply(chosen.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: propertyId, reply: { text: 'Thank you, it was a pleasure.', at: '2026-12-06T10:00:01.000Z' } });
    expect(await answer(await reply(chosen.cookie, { text: 'Again' }))).toEqual([409, 'This review already has a reply']);
    expect((await reviewsOf(chosen.user.id, owner.cookie)).items[0]?.reply).toEqual({ text: 'Thank you, it was a pleasure.', at: '2026-12-06T10:00:01.000Z' });
  });
});

describe('POST /api/admin/reviews/{reviewId}/hide', () => {
  it('hides a review with a reason, logged; it leaves the list and the summary', async () => {
    const { t, owner, chosen, propertyId, select, review, reviewsOf } = await setUp();
    await seedSuperAdmin(t);
    const admin = await signInAdmin(t, ROOT.username, ROOT.password);
    const hide = (body: unknown, id = propertyId) => sendJson(t.app, 'POST', `/api/admin/reviews/${id}/hide`, body, admin);
    expect(await answer(await hide({ reason: 'Names a neighbour' }))).toEqual([404, 'Review not found']);
    await select();
    expect((await review(owner.cookie)).status).toBe(201);
    expect(await answer(await hide({}))).toEqual([400, 'Reason must be 1 to 500 characters']);
    expect(await answer(await hide({ reason: 'x'.repeat(501) }))).toEqual([400, 'Reason must be 1 to 500 characters']);

    const listed = (await (await get(t, '/api/admin/reviews', admin)).json()) as { items: Array<Record<string, unknown>>; total: number };
    expect(listed.items).toEqual([expect.objectContaining({ id: propertyId, realtorId: chosen.user.id, realtorName: 'Rita Realtor', hidden: false, rating: 5 })]);

    const res = await hide({ reason: 'Names a neighbour' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: propertyId, hidden: true, hiddenReason: 'Names a neighbour' });
    expect(await answer(await hide({ reason: 'Again' }))).toEqual([409, 'This review is already hidden']);
    expect(await reviewsOf(chosen.user.id, owner.cookie)).toEqual({ items: [], nextCursor: null, total: 0 });
    const profile = (await (await get(t, `/api/realtor-profile/${chosen.user.id}`, owner.cookie)).json()) as Record<string, unknown>;
    expect(profile.reviewSummary).toEqual({ count: 0, average: null });
    expect(((await (await get(t, '/api/admin/reviews?hidden=true', admin)).json()) as { total: number }).total).toBe(1);
    expect(((await (await get(t, '/api/admin/reviews?hidden=false', admin)).json()) as { total: number }).total).toBe(0);

    const log = (await (await get(t, '/api/admin/activity?action=review.hide', admin)).json()) as { items: Array<Record<string, unknown>> };
    expect(log.items).toEqual([expect.objectContaining({ action: 'review.hide', resourceType: 'review', resourceId: propertyId, details: expect.objectContaining({ reason: 'Names a neighbour' }) })]);
  });
});

describe('an erased homeowner', () => {
  it("has their review in their export, and after erasure leaves its rating without their words or their city", async () => {
    const { t, owner, chosen, select, review, reviewsOf } = await setUp();
    await select();
    expect((await review(owner.cookie)).status).toBe(201);
    const exported = (await (await get(t, '/api/user/export', owner.cookie)).json()) as { reviewsWritten: unknown[] };
    expect(exported.reviewsWritten).toEqual([expect.objectContaining({ realtorId: chosen.user.id, rating: 5, text: goodReview.text, hidden: false })]);
    expect((await sendJson(t.app, 'DELETE', '/api/user', { password: owner.input.password }, owner.cookie)).status).toBe(200);
    await t.processManagers.idle();
    const page = await reviewsOf(chosen.user.id, chosen.cookie);
    expect(page.items).toEqual([expect.objectContaining({ rating: 5, text: '', author: 'Homeowner' })]);
    const profile = (await (await get(t, `/api/realtor-profile/${chosen.user.id}`, chosen.cookie)).json()) as Record<string, unknown>;
    expect(profile.reviewSummary).toEqual({ count: 1, average: 5 });
  });
});

describe("the owner's bid list", () => {
  it("shows each bidder's standing without naming them", async () => {
    const { t, owner, chosen, other, propertyId } = await setUp();
    expect((await saveProfile(t, chosen.cookie, { yearsOfExperience: 12, serviceAreas: ['Mississauga', 'Oakville'], specialties: ['Detached'] })).status).toBe(200);
    expect((await saveProfile(t, other.cookie, { yearsOfExperience: 3, serviceAreas: ['Downtown'] })).status).toBe(200);
    const bids = (await (await get(t, `/api/properties/${propertyId}/bids`, owner.cookie)).json()) as Array<Record<string, unknown>>;
    const byRealtor = new Map(bids.map((bid) => [bid.realtorId, bid]));
    expect(byRealtor.get(chosen.user.id)).toMatchObject({
      realtorName: '',
      realtorVerified: true,
      yearsOfExperience: 12,
      serviceAreas: ['Mississauga', 'Oakville'],
      specialties: ['Detached'],
      servesListingArea: true,
      wins: 0,
      reviewSummary: { count: 0, average: null },
      message: 'I sell in Mississauga every month.',
    });
    expect(byRealtor.get(other.user.id)).toMatchObject({ realtorName: '', yearsOfExperience: 3, servesListingArea: false, wins: 0 });
    expect(JSON.stringify(bids)).not.toMatch(/Rita|Ray Rival|brokerage|licen[cs]e|@example\.com/i);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../domain/accounts/commands';
import { ROOT, seedSuperAdmin, signInAdmin } from '../../testing/admins';
import { placeBid, registerHomeowner, registerRealtor, listProperty as appendListing, testClock } from '../../testing/bidding';
import { documentInput } from '../../testing/contact-legal';
import { FILES, propertyInput, rootSession, verifiedHomeowner } from '../../testing/listings';
import type { TestApp } from '../../testing/test-app';
import { until } from '../../testing/process-manager-nodes';
import { TEST_ORIGIN, testAppPerTest } from '../../testing/test-app';
import { registration } from '../../testing/user-session';
import { RETRYABLE_CREATES } from '../../contract/retryable-creates';
import { IDEMPOTENCY_KEY_MESSAGE } from './idempotency';
import { API_OPERATIONS } from '../routes/api-operations';
import { OUTCOME_UNKNOWN_MESSAGE } from '../errors';

/*
 * Issue 25, item 5 (docs/decisions/0061): every request that creates
 * something honours an Idempotency-Key. The same key and body answer the
 * first answer again and write nothing more; the same key with another body
 * is 422; an append whose outcome stays unknown answers 503 with Retry-After,
 * and the retry with the same key answers what landed.
 */

const testApp = testAppPerTest();
const REUSED = { message: 'This Idempotency-Key was used for another request' };

interface Send {
  cookie?: string | undefined;
  key?: string;
  body?: unknown;
}

function post(t: TestApp, path: string, { cookie, key, body }: Send) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (key) headers['idempotency-key'] = key;
  if (body instanceof FormData) return t.app.request(path, { method: 'POST', headers, body });
  headers['content-type'] = 'application/json';
  return t.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** A browser's FormData for one file: each send builds its own, with a boundary of its own. */
function form(field: string, bytes: Uint8Array<ArrayBuffer>, name: string): FormData {
  const data = new FormData();
  data.append(field, new Blob([bytes]), name);
  return data;
}

async function mailsOnceThere(t: TestApp, count: number) {
  await until(() => t.outbox().length >= count).catch(() => undefined);
  return t.outbox();
}

const head = async (t: TestApp) => (await t.deps.eventStore.headPosition()) ?? 0;

/**
 * Sends `first` with a new key, then the same again, then `other` with the
 * same key: the retry answers the same status and body and appends nothing,
 * the other body is 422 and appends nothing either.
 */
async function expectRetryable(t: TestApp, path: string, first: Omit<Send, 'key'>, other: Omit<Send, 'key'>, status = 201) {
  const key = crypto.randomUUID();
  const answered = await post(t, path, { ...first, key });
  const body = await answered.text();
  expect(answered.status, body).toBe(status);
  const written = await head(t);

  const again = await post(t, path, { ...first, key });
  expect(again.status).toBe(status);
  expect(JSON.parse(await again.text())).toEqual(JSON.parse(body));
  expect(await head(t)).toBe(written);

  const reused = await post(t, path, { ...other, key });
  expect(reused.status).toBe(422);
  expect(await reused.json()).toEqual(REUSED);
  expect(await head(t)).toBe(written);
  return JSON.parse(body) as Record<string, unknown>;
}

describe('the creates the web client retries', () => {
  it('are every operation that answers 201, and the credit purchase', () => {
    const creates = Object.entries(API_OPERATIONS)
      .filter(([, operation]) => (operation as { answer?: { status?: number } }).answer?.status === 201)
      .map(([name]) => name);
    expect([...RETRYABLE_CREATES].sort()).toEqual([...creates, 'POST /api/credits/purchase'].sort());
  });
});

describe('creates with an Idempotency-Key', () => {
  it('POST /api/register', async () => {
    const t = await testApp();
    const input = registration({ role: 'homeowner' });
    const user = await expectRetryable(t, '/api/register', { body: input }, { body: { ...input, name: 'Someone Else' } });
    expect(user.username).toBe(input.username);
    // One verification mail: the retry found the account and sent none.
    const mails = t.outbox();
    expect(mails.filter((mail) => mail.to === input.email)).toHaveLength(1);
  });

  it('POST /api/properties', async () => {
    const t = await testApp();
    const owner = await verifiedHomeowner(t, await rootSession(t));
    const listing = await expectRetryable(t, '/api/properties', { cookie: owner.cookie, body: propertyInput() }, { cookie: owner.cookie, body: propertyInput({ title: 'Another home' }) });
    const mine = await t.app.request('/api/user/properties', { headers: { cookie: owner.cookie } });
    expect(((await mine.json()) as Array<{ id: string }>).map((doc) => doc.id)).toEqual([listing.id]);
  });

  it('POST /api/properties/{id}/bid', async () => {
    const t = await testApp();
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 3);
    const propertyId = await appendListing(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    await expectRetryable(t, `/api/properties/${propertyId}/bid`, { cookie: realtor.cookie, body: { amount: 150 } }, { cookie: realtor.cookie, body: { amount: 175 } });
    // 3 - 1 for the one bid + 1 for the First Bid achievement.
    const me = await t.app.request('/api/user', { headers: { cookie: realtor.cookie } });
    expect(((await me.json()) as { credits: number }).credits).toBe(3);
  });

  it('fingerprints the bytes sent, as the claims already in the log were', async () => {
    const t = await testApp();
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 3);
    const propertyId = await appendListing(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    const text = JSON.stringify({ amount: 150, message: 'Vendu en deux semaines, garanti ✓ — ½ commission' });
    const path = `/api/properties/${propertyId}/bid`;
    const headers = { origin: TEST_ORIGIN, cookie: realtor.cookie, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() };
    expect((await t.app.request(path, { method: 'POST', headers, body: new TextEncoder().encode(text) })).status).toBe(201);
    const claims = (await t.deps.eventStore.readAll()).filter((event) => event.type === 'RequestKeyClaimed');
    const sent = createHash('sha256').update(`POST ${path}\n`).update(Buffer.from(text, 'utf8')).digest('hex');
    expect(claims.map((event) => (event.data as { fingerprint: string }).fingerprint)).toEqual([sent]);
  });

  it('POST /api/upload-document, /api/upload-property-image and /api/upload-profile-image', async () => {
    const t = await testApp();
    const homeowner = await verifiedHomeowner(t, await rootSession(t));
    const realtor = await registerRealtor(t);
    const bill = await expectRetryable(t, '/api/upload-document', { cookie: homeowner.cookie, body: form('document', FILES.pdf(), 'bill.pdf') }, { cookie: homeowner.cookie, body: form('document', FILES.pdf(128), 'bill.pdf') });
    expect(bill.documentUrl).toMatch(/^bills\//);
    await expectRetryable(t, '/api/upload-property-image', { cookie: homeowner.cookie, body: form('image', FILES.png(), 'a.png') }, { cookie: homeowner.cookie, body: form('image', FILES.png(), 'b.png') });
    await expectRetryable(t, '/api/upload-profile-image', { cookie: realtor.cookie, body: form('image', FILES.jpeg(), 'me.jpg') }, { cookie: realtor.cookie, body: form('image', FILES.webp(), 'me.webp') });
  });

  it('POST /api/prospects', async () => {
    const t = await testApp({ supportEmail: 'support@example.com' });
    const prospect = { email: 'jane@example.com', inquiryType: 'homeowner', message: 'I would like to list my house soon.', page: 'contact' };
    await expectRetryable(t, '/api/prospects', { body: prospect }, { body: { ...prospect, message: 'Something else.' } });
    // The mail goes out after the answer: a second prospect's mail marks when the retries' would have.
    expect((await post(t, '/api/prospects', { key: crypto.randomUUID(), body: { ...prospect, email: 'marker@example.com' } })).status).toBe(201);
    const mails = await mailsOnceThere(t, 2);
    expect(mails.filter((mail) => JSON.stringify(mail).includes('jane@example.com'))).toHaveLength(1);
    expect(mails).toHaveLength(2);
  });

  it('POST /api/admin/admin-users and POST /api/admin/legal-documents', async () => {
    const t = await testApp();
    await seedSuperAdmin(t);
    const root = await signInAdmin(t, 'root', ROOT.password);
    const admin = { username: 'new_mod', password: 'secret12', name: 'New Moderator', email: 'new.mod@example.com', role: 'moderator' };
    await expectRetryable(t, '/api/admin/admin-users', { cookie: root, body: admin }, { cookie: root, body: { ...admin, role: 'admin' } });
    const document = await expectRetryable(t, '/api/admin/legal-documents', { cookie: root, body: documentInput() }, { cookie: root, body: documentInput({ title: 'Other' }) });
    expect(document.id).toBe(1);
  });

  it('POST /api/properties/{id}/review', async () => {
    const clock = testClock();
    const t = await testApp({ now: clock.now });
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 3);
    const propertyId = await appendListing(t, owner.user.id, { biddingEndsAt: '2026-12-06T10:00:00.000Z' });
    const bid = (await (await placeBid(t, realtor.cookie, propertyId, { amount: 150 })).json()) as { id: string };
    clock.set('2026-12-06T10:00:01.000Z');
    expect((await post(t, `/api/properties/${propertyId}/select-bid`, { cookie: owner.cookie, body: { bidId: bid.id } })).status).toBe(200);
    const review = { rating: 5, text: 'Sold in nine days, and she answered every call.' };
    await expectRetryable(t, `/api/properties/${propertyId}/review`, { cookie: owner.cookie, body: review }, { cookie: owner.cookie, body: { ...review, rating: 4 } });
  });

  it('keeps keys apart per person: the same key from two people creates twice', async () => {
    const t = await testApp();
    const owner = await registerHomeowner(t);
    const [first, second] = [await registerRealtor(t, 3), await registerRealtor(t, 3)];
    const propertyId = await appendListing(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    const key = crypto.randomUUID();
    expect((await post(t, `/api/properties/${propertyId}/bid`, { cookie: first.cookie, key, body: { amount: 150 } })).status).toBe(201);
    expect((await post(t, `/api/properties/${propertyId}/bid`, { cookie: second.cookie, key, body: { amount: 150 } })).status).toBe(201);
  });

  it('refuses a malformed key with 400, writing nothing', async () => {
    const t = await testApp();
    const before = await head(t);
    const res = await post(t, '/api/register', { key: 'short', body: registration() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: IDEMPOTENCY_KEY_MESSAGE });
    expect(await head(t)).toBe(before);
  });
});

describe('an append whose outcome stays unknown', () => {
  it('answers 503 with Retry-After, never 500; the retry with the same key answers the bid that landed, once', async () => {
    const t = await testApp();
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 3);
    const propertyId = await appendListing(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    const key = crypto.randomUUID();
    // Every try of the bid's append writes (or finds written), then loses the answer.
    t.faults.eventStore.failAfterWriting({ times: 4, streamId: userStreamId(realtor.user.id) });
    const lost = await post(t, `/api/properties/${propertyId}/bid`, { cookie: realtor.cookie, key, body: { amount: 150 } });
    expect(lost.status).toBe(503);
    expect(lost.headers.get('retry-after')).toBe('1');
    expect(await lost.json()).toEqual({ message: OUTCOME_UNKNOWN_MESSAGE });
    const placed = async () => (await t.deps.eventStore.readStream(userStreamId(realtor.user.id))).filter((event) => event.type === 'BidPlaced');
    expect(await placed()).toHaveLength(1);

    const retried = await post(t, `/api/properties/${propertyId}/bid`, { cookie: realtor.cookie, key, body: { amount: 150 } });
    expect(retried.status).toBe(201);
    const bid = (await retried.json()) as { id: string; amount: number };
    expect(bid.amount).toBe(150);
    expect((await placed()).map((event) => (event.data as { bidId: string }).bidId)).toEqual([bid.id]);
    const me = await t.app.request('/api/user', { headers: { cookie: realtor.cookie } });
    expect(((await me.json()) as { credits: number }).credits).toBe(3);
    // Without the key, the same bid again is the duplicate it is.
    expect((await placeBid(t, realtor.cookie, propertyId, { amount: 150 })).status).toBe(409);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineAnswer } from '../../../contract/admin/timeline';
import { SECRET_MASK } from '../../../contract/admin/timeline';
import { userStreamId } from '../../../domain/accounts/commands';
import { CLIENT, ROOT, seedAdmin, seedSuperAdmin, send, signInAdmin } from '../../../testing/admins';
import { registerRealtor } from '../../../testing/bidding';
import type { PropertyAnswer } from '../../../testing/listings';
import { listProperty, propertyInput, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { INVALID_DATE } from './admin-timeline';

let t: TestApp;
let now = Date.parse('2026-11-22T10:00:00.000Z');
const advance = (ms: number) => {
  now += ms;
  return new Date(now).toISOString();
};
let root: string;
let moderator: string;
let owner: { cookie: string; user: { id: string }; input: Record<string, unknown> };
let realtor: { cookie: string; user: { id: string }; input: Record<string, unknown> };
let listing: PropertyAnswer;
let beforeEdit: string;
let beforeBid: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(now) });
  const rootId = await seedSuperAdmin(t);
  root = await signInAdmin(t, ROOT.username, ROOT.password);
  await seedAdmin(t, rootId, { username: 'mod', password: 'mod-password', role: 'moderator' });
  moderator = await signInAdmin(t, 'mod', 'mod-password');
  owner = await verifiedHomeowner(t, root, { name: 'Olive Owner', password: 'Owner-Secret-123' });
  advance(60_000);
  listing = (await listProperty(t, owner.cookie, { title: 'Sunny loft' })) as PropertyAnswer;
  advance(60_000);
  beforeEdit = advance(1);
  advance(60_000);
  const edited = await send(t, 'PUT', `/api/properties/${listing.id}`, { cookie: owner.cookie, body: propertyInput({ title: 'Sunny loft with garden', bedrooms: 4, images: [] }) });
  expect(edited.status).toBe(200);
  realtor = await registerRealtor(t, 3, { name: 'Rita Realtor', password: 'Realtor-Secret-123' });
  advance(60_000);
  beforeBid = advance(1);
  advance(60_000);
  expect((await send(t, 'POST', `/api/properties/${listing.id}/bid`, { cookie: realtor.cookie, body: { propertyId: listing.id, amount: 150 } })).status).toBe(201);
});

afterAll(async () => {
  await t.close();
});

const timeline = async (path: string, cookie = moderator) => {
  const res = await send(t, 'GET', `/api/admin/timeline/${path}`, { cookie });
  return [res.status, (await res.json()) as TimelineAnswer & { message?: string }] as const;
};

describe('GET /api/admin/timeline/{kind}/{id}', () => {
  it("answers a listing's events oldest first, who caused each and from where, and its state now", async () => {
    const [status, answer] = await timeline(`listing/${listing.id}`);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ kind: 'listing', id: listing.id, stream: `property-${listing.id}`, total: 2, nextCursor: null });
    expect(answer.items.map((e) => [e.revision, e.type])).toEqual([
      [0, 'PropertyListed'],
      [1, 'PropertyUpdated'],
    ]);
    const [listed, edit] = answer.items;
    expect(listed).toMatchObject({ actor: { kind: 'user', id: owner.user.id, name: 'Olive Owner' }, clientAddress: CLIENT.ip, summary: expect.stringContaining('Listed “Sunny loft”') });
    expect(edit?.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: 'Sunny loft', after: 'Sunny loft with garden' },
        { field: 'bedrooms', before: '3', after: '4' },
      ]),
    );
    expect(answer.stateAt).toMatchObject({ at: null, revision: 1, state: { status: 'listed', title: 'Sunny loft with garden', bedrooms: 4 } });
  });

  it('folds the state at a moment from the events recorded up to it: the title before and after the edit', async () => {
    const [, before] = await timeline(`listing/${listing.id}?at=${encodeURIComponent(beforeEdit)}`);
    expect(before.stateAt).toMatchObject({ at: beforeEdit, revision: 0, state: { title: 'Sunny loft', bedrooms: 3 } });
    // The page of events is the whole stream whatever the moment.
    expect(before.items).toHaveLength(2);
    const [, after] = await timeline(`listing/${listing.id}?at=${encodeURIComponent(new Date(now).toISOString())}`);
    expect(after.stateAt.state).toMatchObject({ title: 'Sunny loft with garden' });
    const [, first] = await timeline(`listing/${listing.id}?revision=0`);
    expect(first.stateAt).toMatchObject({ revision: 0, at: listing.createdAt, state: { title: 'Sunny loft' } });
    const [, ancient] = await timeline(`listing/${listing.id}?at=2020-01-01T00:00:00Z`);
    expect(ancient.stateAt).toEqual({ at: '2020-01-01T00:00:00Z', revision: -1, state: { status: 'none' } });
  });

  it("folds an account's credits before and after a bid, and names the administrator who set them", async () => {
    const [, before] = await timeline(`account/${realtor.user.id}?at=${encodeURIComponent(beforeBid)}`);
    expect(before.stateAt.state).toMatchObject({ credits: 3, name: 'Rita Realtor', bids: {} });
    const [, now] = await timeline(`account/${realtor.user.id}`);
    const bid = now.items.find((e) => e.type === 'BidPlaced');
    expect(bid).toMatchObject({ actor: { kind: 'user', id: realtor.user.id, name: 'Rita Realtor' }, clientAddress: CLIENT.ip });
    expect(bid?.changes).toContainEqual({ field: 'credits', before: '3', after: '2' });
    const [, after] = await timeline(`account/${realtor.user.id}?revision=${bid?.revision}`);
    expect(after.stateAt.state).toMatchObject({ credits: 2, standingBids: 1 });
    // The first bid's reward follows it in the stream, so the balance now is 3 again.
    expect(now.items.at(-1)).toMatchObject({ type: 'RewardGranted', changes: expect.arrayContaining([{ field: 'credits', before: '2', after: '3' }]) });
    expect(now.stateAt.state).toMatchObject({ credits: 3 });
    expect(now.items.find((e) => e.type === 'CreditsSetByAdmin')?.actor).toEqual({ kind: 'admin', id: 'test-admin', name: null });
  });

  it('never answers a password hash or a token, in the events or in any state', async () => {
    const answers = [
      await timeline(`account/${realtor.user.id}`),
      await timeline(`account/${owner.user.id}`),
      await timeline(`account/${realtor.user.id}?revision=1`),
      await timeline(`account/${realtor.user.id}?at=${encodeURIComponent(beforeBid)}`),
    ];
    const stream = await t.deps.eventStore.readStream(userStreamId(realtor.user.id));
    const secrets = stream.flatMap((e) => Object.entries(e.data as Record<string, unknown>).filter(([key]) => /hash$/i.test(key)).map(([, value]) => String(value)));
    expect(secrets.length).toBeGreaterThanOrEqual(2); // the password's hash and the verification link's
    for (const [status, answer] of answers) {
      expect(status).toBe(200);
      const text = JSON.stringify(answer);
      expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
      // Nothing shaped like an scrypt/bcrypt/argon hash or a long hex or base64 digest either.
      expect(text).not.toMatch(/scrypt\$|\$2[aby]\$|argon2|[0-9a-f]{32}|[A-Za-z0-9+/_]{40}/);
      expect(text).not.toContain('Realtor-Secret-123');
      expect(text).not.toContain('Owner-Secret-123');
    }
    const [, current] = answers[0] as (typeof answers)[0];
    expect(current.stateAt.state).toMatchObject({ passwordHash: SECRET_MASK, emailVerification: { pending: { tokenHash: SECRET_MASK } } });
    expect(current.items.find((e) => e.type === 'PasswordSet')?.changes).toContainEqual({ field: 'passwordHash', before: '—', after: SECRET_MASK });
  });

  it('pages a long stream with the list contract: limit, and a cursor that is the next page', async () => {
    const [, first] = await timeline(`account/${realtor.user.id}?limit=2`);
    expect(first.items.map((e) => e.revision)).toEqual([0, 1]);
    expect(first.nextCursor).toBe('2');
    const [, second] = await timeline(`account/${realtor.user.id}?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((e) => e.revision)).toEqual([2, 3]);
    expect(second.total).toBe(first.total);
    // The state does not depend on the page.
    expect(second.stateAt).toEqual(first.stateAt);
  });

  it('is 404 for an id with no stream, and 400 with a clear message for bad input', async () => {
    expect(await timeline('listing/no-such-listing')).toEqual([404, { message: 'Listing not found' }]);
    expect(await timeline('account/no-such-user')).toEqual([404, { message: 'Account not found' }]);
    // A listing's id is not an account.
    expect((await timeline(`account/${listing.id}`))[0]).toBe(404);
    for (const at of ['yesterday', '2026-13-45T99:00:00Z', '2026-11-22', 'x'.repeat(5000)]) {
      expect(await timeline(`listing/${listing.id}?at=${encodeURIComponent(at)}`)).toEqual([400, { message: INVALID_DATE, errors: { at: INVALID_DATE } }]);
    }
    expect((await timeline('bid/x'))[1].message).toBe('Kind must be listing or account');
    expect((await timeline(`listing/${encodeURIComponent('bad id!')}`))[1].message).toBe('Invalid id');
    expect((await timeline(`listing/${listing.id}?cursor=abc`))[1].message).toBe('Invalid cursor');
    expect((await timeline(`listing/${listing.id}?limit=0`))[1].message).toBe('Limit must be between 1 and 100');
    expect((await timeline(`listing/${listing.id}?revision=-1`))[1].message).toBe('Revision must be a whole number');
    expect((await timeline(`listing/${listing.id}?revision=0&at=2026-11-22T10:00:00Z`))[1].message).toBe('Give at or revision, not both');
  });

  it('is for administrators only, and writes nothing', async () => {
    const head = await t.deps.eventStore.headPosition();
    expect((await send(t, 'GET', `/api/admin/timeline/listing/${listing.id}`, { cookie: owner.cookie })).status).toBe(401);
    expect((await send(t, 'GET', `/api/admin/timeline/listing/${listing.id}`)).status).toBe(401);
    expect((await timeline(`listing/${listing.id}`, root))[0]).toBe(200);
    expect(await t.deps.eventStore.headPosition()).toBe(head);
  });
});

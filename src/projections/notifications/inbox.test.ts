import { describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { ReadStore } from '../../read-store/port';
import { propertyListedData } from '../../testing/bidding';
import type { InboxDoc } from './inbox';
import { INBOX } from './inbox';
import type { PositionedPush } from '../projection';
import { createProjections } from '../registry';
import { createProjectionRunner } from '../runner';

const at = '2026-11-22T10:00:00.000Z';
const closes = '2026-12-06T10:00:00.000Z';
const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });

const profile = (userId: string, serviceAreas: string[]) =>
  event('RealtorProfileSaved', {
    userId,
    brokerageName: 'Acme',
    licenseNumber: 'L1',
    serviceAreas,
    specialties: ['Condos'],
    additionalServices: [],
    commissionRate: '2.5',
    about: '',
    yearsOfExperience: 3,
    profileImageUrl: null,
    verificationDocumentUrl: null,
    at,
  });

/** Two realtors (r1 serves Mississauga, r2 Guelph), a Mississauga listing by `owner`, and what follows on it. */
async function seedLog(store: EventStore) {
  await store.append('realtor-profile-r1', [profile('r1', ['Mississauga', 'Oakville'])], expected.any);
  await store.append('realtor-profile-r2', [profile('r2', ['Guelph'])], expected.any);
  await store.append('property-p1', [event('PropertyListed', { ...propertyListedData('p1', 'owner', { biddingEndsAt: closes, title: 'Loft' }), location: 'Mississauga, ON', area: 'Mississauga' })], expected.noStream);
  // A listing from before areas: its location's city stands for it.
  await store.append('property-p2', [event('PropertyListed', { ...propertyListedData('p2', 'owner', { biddingEndsAt: closes, title: 'Barn' }), location: 'guelph , ON' })], expected.noStream);
  await store.append('user-r1', [event('BidPlaced', { bidId: 'b1', propertyId: 'p1', amount: 1500, message: '', at, balanceAfter: 2 })], expected.any);
  await store.append('user-r2', [event('BidPlaced', { bidId: 'b2', propertyId: 'p1', amount: 200, message: '', at, balanceAfter: 0 })], expected.any);
  await store.append('selection-p1', [event('BidSelected', { propertyId: 'p1', bidId: 'b1', realtorId: 'r1', ownerId: 'owner', at: closes })], expected.noStream);
  await store.append('user-r2', [event('CreditsSetByAdmin', { credits: 5, previousCredits: 0, reason: 'Goodwill', adminId: 'a1', at })], expected.any);
  await store.append('verification-owner', [event('VerificationApproved', { verificationId: 'v1', userId: 'owner', adminId: 'a1', at })], expected.any);
}

async function entriesOf(readStore: ReadStore, userId: string) {
  const docs = await readStore.collection<InboxDoc>(INBOX).find({ userId }, { sort: { createdPosition: -1 } });
  return docs.map((doc) => ({ kind: doc.kind, title: doc.title, body: doc.body, href: doc.href, read: doc.readAt !== null }));
}

async function follow(store: EventStore, readStore: ReadStore, pushes: PositionedPush[] = []) {
  const runner = createProjectionRunner({ eventStore: store, readStore, projections: createProjections(), onPush: (p) => pushes.push(p) });
  await runner.start();
  return runner;
}

describe('inbox projection', () => {
  it('given listings, bids, a selection, a credit change and a verification, then each person finds what concerns them, newest first, pushed live', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const readStore = createMemoryReadStore();
    const pushes: PositionedPush[] = [];
    const runner = await follow(store, readStore, pushes);
    await seedLog(store);
    await runner.waitFor(await store.headPosition());
    await runner.stop();

    expect(await entriesOf(readStore, 'r1')).toEqual([
      { kind: 'bid-selected', title: 'Your bid was selected', body: 'The homeowner selected your bid on “Loft”. Their contact details are on the listing.', href: '/listing/p1', read: false },
      { kind: 'listing-in-area', title: 'New listing in Mississauga', body: '“Loft” in Mississauga, ON is open for bids.', href: '/listing/p1', read: false },
    ]);
    expect(await entriesOf(readStore, 'r2')).toEqual([
      { kind: 'credits-set-by-admin', title: 'Balance changed by an administrator', body: 'An administrator set your balance to 5 credits: Goodwill', href: '/dashboard', read: false },
      { kind: 'bid-not-selected', title: 'Not selected', body: 'The homeowner chose another realtor for “Loft”.', href: '/listing/p1', read: false },
      { kind: 'listing-in-area', title: 'New listing in Guelph', body: '“Barn” in guelph , ON is open for bids.', href: '/listing/p2', read: false },
    ]);
    expect((await entriesOf(readStore, 'owner')).map((entry) => [entry.kind, entry.body])).toEqual([
      ['verification-approved', 'Your ownership verification was approved: you can now list properties.'],
      ['bid-received', 'A realtor bid $200 on “Loft”.'],
      ['bid-received', 'A realtor bid $1,500 on “Loft”.'],
    ]);
    const live = pushes.filter((push) => push.event === 'notification:new');
    expect(live).toHaveLength(8);
    expect(live.find((push) => push.rooms[0] === 'user:r2' && push.payload.kind === 'listing-in-area')?.payload).toMatchObject({ title: 'New listing in Guelph', href: '/listing/p2', readAt: null });
  });

  it('given a bid the owner opened, then its realtor is told their bid was seen', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const readStore = createMemoryReadStore();
    const runner = await follow(store, readStore);
    await seedLog(store);
    await store.append('bid-seen-p1', [event('BidSeen', { propertyId: 'p1', bidId: 'b2', realtorId: 'r2', ownerId: 'owner', at })], expected.noStream);
    await runner.waitFor(await store.headPosition());
    await runner.stop();

    expect((await entriesOf(readStore, 'r2'))[0]).toEqual({ kind: 'bid-seen', title: 'Your bid was seen', body: 'The homeowner opened your bid on “Loft”.', href: '/listing/p1', read: false });
  });

  it("given a listing's bidding closed, then its owner is told with the bid count, pushed live, and no one else is", async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const readStore = createMemoryReadStore();
    const pushes: PositionedPush[] = [];
    const runner = await follow(store, readStore, pushes);
    await seedLog(store);
    await store.append('bidding-closed-p1', [event('BiddingClosed', { propertyId: 'p1', ownerId: 'owner', title: 'Loft', bidCount: 2, at: closes })], expected.noStream);
    await store.append('bidding-closed-p2', [event('BiddingClosed', { propertyId: 'p2', ownerId: 'owner', title: 'Barn', bidCount: 1, at: closes })], expected.noStream);
    await runner.waitFor(await store.headPosition());
    await runner.stop();

    const [barn, loft] = await entriesOf(readStore, 'owner');
    expect(loft).toEqual({ kind: 'bidding-closed', title: 'Bidding closed on “Loft”', body: '2 bids to compare: choose a realtor.', href: '/listing/p1', read: false });
    expect(barn).toMatchObject({ kind: 'bidding-closed', body: '1 bid to compare: choose a realtor.', href: '/listing/p2' });
    expect((await entriesOf(readStore, 'r1')).map((entry) => entry.kind)).not.toContain('bidding-closed');
    const live = pushes.filter((push) => push.event === 'notification:new' && push.payload.kind === 'bidding-closed');
    expect(live.map((push) => push.rooms)).toEqual([['user:owner'], ['user:owner']]);
  });

  it('when entries are marked read, by id or all, then a rebuild from the log finds them read, and an erased person has none', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    await seedLog(store);
    const first = createMemoryReadStore();
    await (await follow(store, first)).stop();
    const [newest, ...older] = await first.collection<InboxDoc>(INBOX).find({ userId: 'r2' }, { sort: { createdPosition: -1 } });
    await store.append('inbox-r2', [event('NotificationsRead', { userId: 'r2', ids: [newest?._id], at })], expected.any);
    await store.append('inbox-owner', [event('NotificationsRead', { userId: 'owner', ids: null, at })], expected.any);
    // Marked after Mark all read: the owner's new entry stays unread.
    await store.append('user-r3', [event('BidPlaced', { bidId: 'b3', propertyId: 'p1', amount: 300, message: '', at, balanceAfter: 0 })], expected.any);

    const rebuilt = createMemoryReadStore();
    await (await follow(store, rebuilt)).stop();
    expect((await entriesOf(rebuilt, 'r2')).map((entry) => entry.read)).toEqual([true, false, false]);
    expect(older).toHaveLength(2);
    expect((await entriesOf(rebuilt, 'owner')).map((entry) => [entry.body, entry.read])).toEqual([
      ['A realtor bid $300 on “Loft”.', false],
      ['Your ownership verification was approved: you can now list properties.', true],
      ['A realtor bid $200 on “Loft”.', true],
      ['A realtor bid $1,500 on “Loft”.', true],
    ]);

    await store.append('user-r2', [event('AccountErased', { at })], expected.any);
    await store.append('property-p3', [event('PropertyListed', { ...propertyListedData('p3', 'owner', { biddingEndsAt: closes }), location: 'Guelph, ON', area: 'Guelph' })], expected.noStream);
    const afterErasure = createMemoryReadStore();
    await (await follow(store, afterErasure)).stop();
    expect(await entriesOf(afterErasure, 'r2')).toEqual([]);
  });
});

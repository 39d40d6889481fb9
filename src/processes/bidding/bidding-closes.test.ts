import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../contract/notifications/inbox';
import { biddingClosedStreamId } from '../../domain/bidding/close';
import { propertyStreamId } from '../../domain/listings/events';
import { expected } from '../../event-store/port';
import type { BiddingApp } from '../../testing/bidding';
import { deleteListing, get, listProperty, placeBid, registerHomeowner, registerRealtor } from '../../testing/bidding';
import { processManagerNodes } from '../../testing/process-manager-nodes';
import { nameToUuid } from './bid-refunds';

/*
 * The close of a listing's bidding (docs/decisions/0060): one BiddingClosed
 * when the app's clock reaches biddingEndsAt, whatever the number of nodes
 * or restarts, none for a deleted listing, and at a moved close.
 */

const DAY = 24 * 60 * 60 * 1000;
// Near the real time: what the log records (recordedAt) and this clock must agree, as they do in production.
const closes = new Date(Date.now() + DAY).toISOString();
const { workspace, bootNode } = processManagerNodes();

/** The real clock, moved forward by `set`. */
function sharedClock() {
  let offset = 0;
  const now = () => Date.now() + offset;
  return { now, clock: () => new Date(now()), set: (iso: string, plusMs = 0) => (offset = Date.parse(iso) + plusMs - Date.now()) };
}

type Node = Awaited<ReturnType<typeof bootNode>>;

async function settle(t: Node) {
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
  await t.biddingCloses.catchUp();
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
}

const closedEvents = async (t: BiddingApp, propertyId: string) => t.deps.eventStore.readStream(biddingClosedStreamId(propertyId));

/** A listing closing in a day with `bids` bids on it. */
async function listingWithBids(t: Node, bids: number) {
  const owner = await registerHomeowner(t);
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Harbour flat' });
  for (let i = 0; i < bids; i += 1) {
    const realtor = await registerRealtor(t, 2);
    expect((await placeBid(t, realtor.cookie, propertyId)).status).toBe(201);
  }
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
  return { owner, propertyId };
}

const closedEntries = async (t: Node, cookie: string) => {
  const page = (await (await get(t, '/api/notifications', cookie)).json()) as { items: NotificationItem[] };
  return page.items.filter((item) => item.kind === 'bidding-closed');
};

describe('the close of a listing’s bidding', () => {
  it('writes nothing before the close, then one BiddingClosed at the close with the bid count, and tells the owner in the inbox', async () => {
    const time = sharedClock();
    const t = await bootNode(workspace(), { now: time.now, clock: time.clock });
    const { owner, propertyId } = await listingWithBids(t, 2);
    await settle(t);
    expect(await closedEvents(t, propertyId)).toEqual([]);

    time.set(closes, 1000);
    await settle(t);
    await settle(t);
    const [closed, ...more] = await closedEvents(t, propertyId);
    expect(more).toEqual([]);
    expect(closed).toMatchObject({ id: nameToUuid(`bidding-closed:${propertyId}`), data: { propertyId, ownerId: owner.user.id, title: 'Harbour flat', bidCount: 2, at: closes } });
    expect(await closedEntries(t, owner.cookie)).toEqual([
      expect.objectContaining({ title: 'Bidding closed on “Harbour flat”', body: '2 bids to compare: choose a realtor.', href: `/listing/${propertyId}`, readAt: null }),
    ]);
  });

  it('writes one BiddingClosed when two nodes both find it due', async () => {
    const dir = workspace();
    const time = sharedClock();
    const a = await bootNode(dir, { now: time.now, clock: time.clock });
    const b = await bootNode(dir, { now: time.now, clock: time.clock });
    const { owner, propertyId } = await listingWithBids(a, 1);
    expect(await b.runner.waitFor(await a.deps.eventStore.headPosition(), 5000)).toBe(true);
    time.set(closes, 1000);
    await Promise.all([settle(a), settle(b)]);
    await Promise.all([settle(a), settle(b)]);
    expect(await closedEvents(a, propertyId)).toHaveLength(1);
    expect(await closedEntries(b, owner.cookie)).toHaveLength(1);
  });

  it('writes one BiddingClosed across a restart in the middle: the close passed while no node ran', async () => {
    const dir = workspace();
    const time = sharedClock();
    const first = await bootNode(dir, { now: time.now, clock: time.clock });
    const { propertyId } = await listingWithBids(first, 0);
    await first.close();
    time.set(closes, 60_000);
    const second = await bootNode(dir, { now: time.now, clock: time.clock });
    await settle(second);
    await second.close();
    const third = await bootNode(dir, { now: time.now, clock: time.clock });
    await settle(third);
    const events = await closedEvents(third, propertyId);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ bidCount: 0 });
  });

  it('writes nothing for a listing deleted before its close', async () => {
    const time = sharedClock();
    const t = await bootNode(workspace(), { now: time.now, clock: time.clock });
    const { owner, propertyId } = await listingWithBids(t, 1);
    await deleteListing(t, propertyId, owner.user.id, closes, 'Harbour flat');
    time.set(closes, 1000);
    await settle(t);
    expect(await closedEvents(t, propertyId)).toEqual([]);
    expect(await closedEntries(t, owner.cookie)).toEqual([]);
  });

  it('follows a close moved later: nothing at the old close, one BiddingClosed at the new one', async () => {
    const time = sharedClock();
    const t = await bootNode(workspace(), { now: time.now, clock: time.clock });
    const { owner, propertyId } = await listingWithBids(t, 1);
    const moved = new Date(Date.parse(closes) + DAY).toISOString();
    // An edit that moved the close, as the listing's events carry it (docs/decisions/0059).
    const edit = { propertyId, ownerId: owner.user.id, title: 'Harbour flat, moved', biddingEndsAt: moved, at: new Date(time.now()).toISOString() };
    const { position } = await t.deps.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyUpdated', data: edit }], expected.streamExists);
    await t.runner.waitFor(position);
    time.set(closes, 1000);
    await settle(t);
    expect(await closedEvents(t, propertyId)).toEqual([]);
    time.set(moved, 1000);
    await settle(t);
    expect((await closedEvents(t, propertyId)).map((event) => event.data)).toEqual([expect.objectContaining({ at: moved, bidCount: 1 })]);
  });
});

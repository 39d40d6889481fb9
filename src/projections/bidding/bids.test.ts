import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { Doc, ReadStore } from '../../read-store/port';
import { propertyListedData } from '../../testing/bidding';
import type { PositionedPush } from '../projection';
import type { BidDoc, BidPropertyDoc } from './bids';
import { BID_PROPERTIES, BIDS, createBidsProjection } from './bids';
import { createProjectionRunner } from '../runner';
import { REFUND_UNSEEN_REASON } from '../../domain/bidding/policies';

const at = '2026-11-22T10:00:00.000Z';
const closes = '2026-12-06T10:00:00.000Z';
const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });

async function seedLog(store = createSqliteEventStore({ path: ':memory:' })) {
  await store.append('property-p1', [event('PropertyListed', propertyListedData('p1', 'owner', { biddingEndsAt: closes, title: 'Loft' }))], expected.noStream);
  await store.append('property-p2', [event('PropertyListed', propertyListedData('p2', 'owner', { biddingEndsAt: closes, title: 'Gone' }))], expected.noStream);
  await store.append('user-r1', [event('BidPlaced', { bidId: 'b1', propertyId: 'p1', amount: 150, message: 'Hi', at, balanceAfter: 0 })], expected.any);
  await store.append('user-r2', [event('BidPlaced', { bidId: 'b2', propertyId: 'p1', amount: 200, message: '', at, balanceAfter: 0 })], expected.any);
  await store.append('user-r2', [event('BidPlaced', { bidId: 'b3', propertyId: 'p2', amount: 200, message: '', at, balanceAfter: 0 })], expected.any);
  await store.append('user-r1', [event('BidMessageEdited', { bidId: 'b1', propertyId: 'p1', message: 'Hello', at })], expected.any);
  await store.append('property-p1', [event('PropertyUpdated', { propertyId: 'p1', ownerId: 'owner', title: 'Sunny loft', at })], expected.any);
  await store.append('selection-p1', [event('BidSelected', { propertyId: 'p1', bidId: 'b1', realtorId: 'r1', ownerId: 'owner', at: closes })], expected.noStream);
  await store.append('property-p2', [event('PropertyDeleted', { propertyId: 'p2', ownerId: 'owner', title: 'Gone', biddingEndsAt: closes, images: [], at })], expected.any);
  await store.append('user-r2', [event('BidRefunded', { bidId: 'b3', propertyId: 'p2', reason: 'Property deleted', at, balanceAfter: 1 })], expected.any);
  return store;
}

async function snapshot(readStore: ReadStore) {
  const strip = ({ _position: _ignored, ...rest }: Doc) => rest;
  return {
    bids: (await readStore.collection<BidDoc>(BIDS).find({}, { sort: { _id: 1 } })).map(strip),
    properties: (await readStore.collection<BidPropertyDoc>(BID_PROPERTIES).find({}, { sort: { _id: 1 } })).map(strip),
  };
}

async function run(store: Awaited<ReturnType<typeof seedLog>>, readStore: ReadStore) {
  const pushes: PositionedPush[] = [];
  const runner = createProjectionRunner({ eventStore: store, readStore, projections: [createBidsProjection()], onPush: (p) => pushes.push(p) });
  await runner.start();
  await runner.stop();
  return pushes;
}

describe('bids projection', () => {
  it('keeps every bid (refunded ones marked), the selection and tombstones, and pushes what each party may see', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const readStore = createMemoryReadStore();
    // Live: pushes are only for events appended after the runner started.
    const pushes: PositionedPush[] = [];
    const runner = createProjectionRunner({ eventStore: store, readStore, projections: [createBidsProjection()], onPush: (p) => pushes.push(p) });
    await runner.start();
    await seedLog(store);
    await runner.waitFor(await store.headPosition());
    await runner.stop();
    const { bids, properties } = await snapshot(readStore);
    // A refunded bid stays, marked, so its realtor and the back office see it refunded.
    expect(bids.map((b) => [b._id, b.message, b.refundedAt])).toEqual([
      ['b1', 'Hello', null],
      ['b2', '', null],
      ['b3', '', at],
    ]);
    expect(properties).toEqual([
      expect.objectContaining({ _id: 'p1', title: 'Sunny loft', bidCount: 2, selectedBidId: 'b1', selectedRealtorId: 'r1', deleted: false }),
      expect.objectContaining({ _id: 'p2', bidCount: 0, deleted: true, exists: false }),
    ]);
    expect(pushes.map((p) => [p.event, p.rooms])).toEqual([
      ['bid:placed', ['user:owner']],
      ['property:bids', ['property:p1', 'user:owner']],
      ['bid:placed', ['user:owner']],
      ['property:bids', ['property:p1', 'user:owner']],
      ['bid:placed', ['user:owner']],
      ['property:bids', ['property:p2', 'user:owner']],
      ['property:bids', ['user:owner']],
      // Every bidder's open pages follow the outcome, the losing one's included (issue 27, item 5).
      ['bid:selected', ['user:owner', 'user:r1', 'user:r2', 'property:p1']],
    ]);
    expect(pushes.every((p) => !JSON.stringify(p.payload).includes('@'))).toBe(true);
    await store.close();
  });

  it("builds the owner's bid:placed only while the owner has a socket on this node; the count goes out all the same", async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const readStore = createMemoryReadStore();
    const pushes: PositionedPush[] = [];
    const asked: string[][] = [];
    let ownerListens = false;
    const listening = (rooms: readonly string[]) => {
      asked.push([...rooms]);
      return ownerListens;
    };
    const runner = createProjectionRunner({ eventStore: store, readStore, projections: [createBidsProjection()], onPush: (p) => pushes.push(p), listening });
    await runner.start();
    await store.append('property-p1', [event('PropertyListed', propertyListedData('p1', 'owner', { biddingEndsAt: closes, title: 'Loft' }))], expected.noStream);
    await store.append('user-r1', [event('BidPlaced', { bidId: 'b1', propertyId: 'p1', amount: 150, message: 'Hi', at, balanceAfter: 0 })], expected.any);
    await runner.waitFor(await store.headPosition());
    ownerListens = true;
    await store.append('user-r2', [event('BidPlaced', { bidId: 'b2', propertyId: 'p1', amount: 200, message: '', at, balanceAfter: 0 })], expected.any);
    await runner.waitFor(await store.headPosition());
    await runner.stop();
    expect(asked).toEqual([['user:owner'], ['user:owner']]);
    expect(pushes.map((p) => [p.event, p.rooms, 'bidCount' in p.payload ? p.payload.bidCount : (p.payload as { id?: string }).id])).toEqual([
      ['property:bids', ['property:p1', 'user:owner'], 1],
      ['bid:placed', ['user:owner'], 'b2'],
      ['property:bids', ['property:p1', 'user:owner'], 2],
    ]);
    // The read model is the same either way.
    expect((await snapshot(readStore)).bids.map((b) => b._id)).toEqual(['b1', 'b2']);
    await store.close();
  });

  it('converges when the whole log is delivered again, as after a restart before a checkpoint', async () => {
    const store = await seedLog();
    const readStore = createMemoryReadStore();
    await run(store, readStore);
    const once = await snapshot(readStore);
    await readStore.collection('projection_checkpoints').deleteMany({});
    await run(store, readStore);
    expect(await snapshot(readStore)).toEqual(once);
    const rebuilt = createMemoryReadStore();
    await run(store, rebuilt);
    expect(await snapshot(rebuilt)).toEqual(once);
    await store.close();
  });

  it('marks a bid seen and pushes bid:seen to its realtor; a courtesy refund keeps the bid on its listing and in its count', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const readStore = createMemoryReadStore();
    const pushes: PositionedPush[] = [];
    const runner = createProjectionRunner({ eventStore: store, readStore, projections: [createBidsProjection()], onPush: (p) => pushes.push(p) });
    await runner.start();
    await store.append('property-p1', [event('PropertyListed', propertyListedData('p1', 'owner', { biddingEndsAt: closes, title: 'Loft' }))], expected.noStream);
    await store.append('user-r1', [event('BidPlaced', { bidId: 'b1', propertyId: 'p1', amount: 150, message: '', at, balanceAfter: 0 })], expected.any);
    await store.append('user-r2', [event('BidPlaced', { bidId: 'b2', propertyId: 'p1', amount: 160, message: '', at, balanceAfter: 0 })], expected.any);
    await store.append('bid-seen-p1', [event('BidSeen', { propertyId: 'p1', bidId: 'b1', realtorId: 'r1', ownerId: 'owner', at: '2026-11-23T10:00:00.000Z' })], expected.noStream);
    await store.append('user-r2', [event('BidRefunded', { bidId: 'b2', propertyId: 'p1', reason: REFUND_UNSEEN_REASON, at: closes, balanceAfter: 1 })], expected.any);
    await runner.waitFor(await store.headPosition());
    await runner.stop();
    const { bids, properties } = await snapshot(readStore);
    expect(bids.map((b) => [b._id, b.seenAt, b.refundedAt, b.creditReturned])).toEqual([
      ['b1', '2026-11-23T10:00:00.000Z', null, null],
      ['b2', null, null, { at: closes, reason: REFUND_UNSEEN_REASON }],
    ]);
    expect(properties).toEqual([expect.objectContaining({ _id: 'p1', bidCount: 2 })]);
    expect(pushes.filter((p) => p.event === 'bid:seen').map((p) => [p.rooms, p.payload])).toEqual([[['user:r1'], { propertyId: 'p1', bidId: 'b1', seenAt: '2026-11-23T10:00:00.000Z' }]]);
    await store.close();
  });
});

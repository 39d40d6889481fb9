import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { ReadStore } from '../../read-store/port';
import { BID_REVISIONS, countBidEdits, createBidRevisionsProjection, loadBidRevisions, withEditCounts } from './bid-revisions';
import { createProjectionRunner } from '../runner';

const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });
const at = (minute: number) => `2026-11-22T10:0${minute}:00.000Z`;

async function seedLog() {
  const store = createSqliteEventStore({ path: ':memory:' });
  await store.append('user-r1', [event('BidPlaced', { bidId: 'b1', propertyId: 'p1', amount: 150, message: 'First pitch', at: at(0), balanceAfter: 0 })], expected.any);
  await store.append('user-r2', [event('BidPlaced', { bidId: 'b2', propertyId: 'p1', amount: 200, message: '', at: at(1), balanceAfter: 0 })], expected.any);
  await store.append('user-r1', [event('BidMessageEdited', { bidId: 'b1', propertyId: 'p1', message: 'Second pitch', at: at(2) })], expected.any);
  // Two edits in the same millisecond: the log's order decides, not the clock.
  await store.append('user-r1', [event('BidMessageEdited', { bidId: 'b1', propertyId: 'p1', message: 'Third pitch', at: at(3) })], expected.any);
  await store.append('user-r1', [event('BidMessageEdited', { bidId: 'b1', propertyId: 'p1', message: 'Fourth pitch', at: at(3) })], expected.any);
  // Events the projection leaves alone: a refund changes no message, and a property stream is not an account.
  await store.append('user-r2', [event('BidRefunded', { bidId: 'b2', propertyId: 'p1', reason: 'Property deleted', at: at(4), balanceAfter: 1 })], expected.any);
  await store.append('property-p1', [event('BidMessageEdited', { bidId: 'b2', propertyId: 'p1', message: 'Not an account event', at: at(5) })], expected.any);
  return store;
}

async function project(store: Awaited<ReturnType<typeof seedLog>>, readStore: ReadStore) {
  const runner = createProjectionRunner({ eventStore: store, readStore, projections: [createBidRevisionsProjection()] });
  await runner.start();
  await runner.stop();
}

describe('bid revisions projection', () => {
  it("keeps each bid's messages oldest first, in log order, and counts the edits", async () => {
    const store = await seedLog();
    const readStore = createMemoryReadStore();
    await project(store, readStore);
    expect(await loadBidRevisions(readStore, 'b1')).toEqual([
      { kind: 'placed', message: 'First pitch', at: at(0) },
      { kind: 'edited', message: 'Second pitch', at: at(2) },
      { kind: 'edited', message: 'Third pitch', at: at(3) },
      { kind: 'edited', message: 'Fourth pitch', at: at(3) },
    ]);
    expect(await loadBidRevisions(readStore, 'b2')).toEqual([{ kind: 'placed', message: '', at: at(1) }]);
    expect(await loadBidRevisions(readStore, 'no-such-bid')).toEqual([]);
    expect([...(await countBidEdits(readStore, ['b1', 'b2', 'no-such-bid']))]).toEqual([['b1', 3]]);
    expect(await withEditCounts(readStore, [{ id: 'b2' }, { id: 'b1' }])).toEqual([
      { id: 'b2', editCount: 0 },
      { id: 'b1', editCount: 3 },
    ]);
  });

  it('writes each revision once when nodes apply the same events to one read store, or one node again after a restart', async () => {
    const store = await seedLog();
    const readStore = createMemoryReadStore();
    const projection = createBidRevisionsProjection();
    const events = await store.readAll();
    // Two nodes, and a third delivery as after a restart without a checkpoint.
    for (const node of [1, 2, 3]) {
      for (const recorded of node === 2 ? [...events].reverse() : events) await projection.apply(recorded, readStore, { replaying: false });
    }
    expect(await readStore.collection(BID_REVISIONS).countDocuments({})).toBe(5);
    expect((await loadBidRevisions(readStore, 'b1')).map((revision) => revision.message)).toEqual(['First pitch', 'Second pitch', 'Third pitch', 'Fourth pitch']);
  });

  it('rebuilds to the same read model from the log', async () => {
    const store = await seedLog();
    const first = createMemoryReadStore();
    const second = createMemoryReadStore();
    await project(store, first);
    await project(store, second);
    const all = async (readStore: ReadStore) => readStore.collection(BID_REVISIONS).find({}, { sort: { _id: 1 } });
    expect(await all(second)).toEqual(await all(first));
    expect(await all(first)).toHaveLength(5);
  });
});

import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../http/platform/logger';
import type { OwedDoc } from '../projections/owed';
import { openReadModels } from '../projections/read-models';
import { createMemoryReadStore } from '../read-store/memory';
import { createReadStoreLeases } from './leases';
import type { OwedWork } from './owed-work';
import { createOwedWork } from './owed-work';
import { SWEEP_PAGE } from './owed-sweep';
import { until } from '../testing/process-manager-nodes';

/*
 * One node works an item (docs/decisions/0063): two workers, as two nodes of
 * one deployment, over one owed collection and one lease store.
 */

const OWED = 'test_owed';
const item: OwedDoc = { _id: 'item-1', since: '2026-11-28T00:00:00.000Z', causationId: 'event-1', doneAt: null };

function deployment() {
  const store = openReadModels(createMemoryReadStore());
  const leases = createReadStoreLeases(store);
  let clock = Date.parse('2026-11-28T01:00:00.000Z');
  const completions: string[] = [];
  const worker = (node: string, complete: (item: OwedDoc) => Promise<void>): OwedWork<OwedDoc> =>
    createOwedWork<OwedDoc>({
      name: 'test work',
      owed: () => store.collection<OwedDoc>(OWED),
      complete,
      describe: (owed) => ({ id: owed._id }),
      logger: createMemoryLogger(),
      retry: { firstMs: 20, maxMs: 80 },
      now: () => clock,
      lease: { leases, node, ms: 30_000 },
    });
  return {
    store,
    completions,
    worker,
    /** A worker that records its node as the completion. */
    recording: (node: string) => worker(node, async () => void completions.push(node)),
    advance(ms: number) {
      clock += ms;
    },
  };
}

describe('owed work with leases', () => {
  it('given one item owed and two workers on it at once, when both run, then it is completed once', async () => {
    const d = deployment();
    await d.store.collection<OwedDoc>(OWED).insertOne(item);
    const a = d.recording('node-a');
    const b = d.recording('node-b');
    a.start();
    b.start();
    a.kick(item);
    b.kick(item);
    await Promise.all([a.idle(), b.idle()]);
    expect(d.completions).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('given a worker that stopped mid-item, when its lease has run out, then the other worker completes the item', async () => {
    const d = deployment();
    await d.store.collection<OwedDoc>(OWED).insertOne(item);
    // Node A takes the item and never finishes it (it hangs, or its process died).
    let started = false;
    const a = d.worker('node-a', () => {
      started = true;
      return new Promise<void>(() => {});
    });
    a.kick(item);
    await until(() => started);
    const b = d.recording('node-b');
    b.kick(item);
    await b.idle();
    expect(d.completions).toEqual([]);
    // Still within A's lease: B leaves it alone.
    d.advance(29_000);
    b.kick(item);
    await b.idle();
    expect(d.completions).toEqual([]);
    d.advance(2000);
    b.kick(item);
    await b.idle();
    expect(d.completions).toEqual(['node-b']);
    await b.stop();
  });
});

describe('owed work: a sweep reads a page at a time', () => {
  it('given more items due than two pages, a page of them sharing one since, and items the clock brings later, when the worker catches up, then each due item is completed once, oldest first, and none of the later ones', async () => {
    const store = openReadModels(createMemoryReadStore());
    const owed = store.collection<OwedDoc>(OWED);
    await owed.createIndex({ doneAt: 1, since: 1 });
    const clock = Date.parse('2026-11-28T01:00:00.000Z');
    const due: OwedDoc[] = [];
    for (let i = 0; i < 2 * SWEEP_PAGE + 3; i++) {
      // The first SWEEP_PAGE + 1 share one since (one batch of the log); the rest each have their own.
      const since = i <= SWEEP_PAGE ? '2026-11-27T00:00:00.000Z' : new Date(Date.parse('2026-11-27T00:00:00.000Z') + i).toISOString();
      due.push({ _id: `due-${String((i * 7919) % 100_000).padStart(5, '0')}`, since, causationId: `event-${i}`, doneAt: null });
    }
    // Work the clock brought already, and work it brings later (a listing's close): its since is its dueAt.
    due.push({ _id: 'closed', since: '2026-11-27T12:00:00.000Z', dueAt: '2026-11-27T12:00:00.000Z', causationId: 'close', doneAt: null });
    const later = ['2026-11-29', '2030-01-01'].map((date): OwedDoc => ({ _id: `later-${date}`, since: `${date}T00:00:00.000Z`, dueAt: `${date}T00:00:00.000Z`, causationId: date, doneAt: null }));
    const paid: OwedDoc = { _id: 'paid', since: '2026-11-26T00:00:00.000Z', causationId: 'paid', doneAt: '2026-11-26T00:00:01.000Z' };
    for (const doc of [...due, ...later, paid]) await owed.insertOne(doc);
    const completed: string[] = [];
    const work = createOwedWork<OwedDoc>({
      name: 'test work',
      owed: () => owed,
      async complete(item) {
        completed.push(item._id);
        // As the completing event's projection would: the item is paid while the sweep goes on.
        await owed.updateOne({ _id: item._id }, { $set: { doneAt: new Date(clock).toISOString() } });
      },
      describe: (item) => ({ id: item._id }),
      logger: createMemoryLogger(),
      now: () => clock,
    });

    await work.catchUp();

    const oldestFirst = [...due].sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : a._id < b._id ? -1 : 1)).map((item) => item._id);
    expect(completed).toEqual(oldestFirst);
    expect(await owed.countDocuments({ doneAt: null })).toBe(2);
    await work.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../http/platform/logger';
import type { OwedDoc } from '../projections/owed';
import { openReadModels } from '../projections/read-models';
import { createMemoryReadStore } from '../read-store/memory';
import { createReadStoreLeases } from './leases';
import type { OwedWork } from './owed-work';
import { createOwedWork } from './owed-work';

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

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!check()) throw new Error('timed out waiting');
}

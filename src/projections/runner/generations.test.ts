import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { ReadStore } from '../../read-store/port';
import { createBalancesProjection } from '../../testing/balances-projection';
import { READ_MODEL_GENERATION, collectionNameIn, openReadModels } from '../read-models';
import { createProjectionRunner } from '../runner';
import { CHECKPOINTS } from './checkpoints';

const at = '2026-11-28T02:00:00.000Z';
let eventStore: EventStore;
let readStore: ReadStore;

afterEach(async () => {
  await eventStore.close();
  await readStore.close();
});

async function seed() {
  eventStore = createSqliteEventStore({ path: ':memory:' });
  readStore = createMemoryReadStore();
  for (const stream of ['a', 'b']) await eventStore.append(stream, [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 3, at } }], expected.any);
}

const generationsHolding = async (names: string[]) => {
  const held: number[] = [];
  for (let generation = 0; generation <= 5; generation++) {
    let count = 0;
    for (const name of names) count += await readStore.collection(collectionNameIn(name, generation)).countDocuments();
    if (count > 0) held.push(generation);
  }
  return held;
};

/** A node's report that it reads `generation`, as a runner writes it at each check. */
const report = (node: string, generation: number) =>
  readStore.collection(READ_MODEL_GENERATION).updateOne({ _id: `reader:${node}` }, { $set: { reader: true, generation, seenAt: Date.now() } }, { upsert: true });

const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('rebuilds of the read models', () => {
  it('learn the current generation from storage: three in a row leave only the current one', async () => {
    await seed();
    for (let run = 1; run <= 3; run++) {
      // As `npm run projections:rebuild` does: a fresh handle on the store, and a runner that never started.
      const rebuilder = createProjectionRunner({ eventStore, readStore: openReadModels(readStore), projections: [createBalancesProjection()] });
      await rebuilder.rebuild();
      await rebuilder.stop();
    }
    expect(await openReadModels(readStore).storedGeneration()).toBe(3);
    expect(await generationsHolding(['balances', CHECKPOINTS])).toEqual([3]);
  });

  it('keep the old generation while a live node reports reading it, and drop it once that node moves', async () => {
    await seed();
    const live = createProjectionRunner({ eventStore, readStore: openReadModels(readStore), projections: [createBalancesProjection()] });
    await live.start();
    await live.stop();
    const rebuilder = createProjectionRunner({ eventStore, readStore: openReadModels(readStore), projections: [createBalancesProjection()], generationCheckMs: 5, heartbeatTtlMs: 60_000 });
    await report('slow-node', 0);
    let done = false;
    const rebuilt = rebuilder.rebuild().then(() => (done = true));
    await until(async () => (await openReadModels(readStore).storedGeneration()) === 1);
    // Several checks of the rebuilder later, the node still reads generation 0: it stays.
    for (let check = 0; check < 10; check++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toBe(false);
    expect(await generationsHolding(['balances'])).toEqual([0, 1]);
    await report('slow-node', 1);
    await rebuilt;
    expect(await generationsHolding(['balances'])).toEqual([1]);
  });

  it('drop the old generation once the report of a node that still reads it expires', async () => {
    await seed();
    const rebuilder = createProjectionRunner({ eventStore, readStore: openReadModels(readStore), projections: [createBalancesProjection()], generationCheckMs: 5, heartbeatTtlMs: 50 });
    await report('paused-node', 0);
    await rebuilder.rebuild();
    const [heartbeat] = await readStore.collection<{ _id: string; seenAt: number }>(READ_MODEL_GENERATION).find({ _id: 'reader:paused-node' });
    // It was dropped only after the report had aged past its time to live.
    expect(Date.now() - (heartbeat?.seenAt ?? Date.now())).toBeGreaterThanOrEqual(50);
    expect(await generationsHolding(['balances'])).toEqual([1]);
  });

  it('are followed by a running node, which reports the generation it reads and removes its report when it stops', async () => {
    await seed();
    const models = openReadModels(readStore);
    const node = createProjectionRunner({ eventStore, readStore: models, projections: [createBalancesProjection()], generationCheckMs: 5, node: 'node-a' });
    await node.start();
    const reports = () => readStore.collection<{ _id: string; generation: number }>(READ_MODEL_GENERATION).find({ reader: true });
    expect(await reports()).toEqual([expect.objectContaining({ _id: 'reader:node-a', generation: 0 })]);
    const rebuilder = createProjectionRunner({ eventStore, readStore: openReadModels(readStore), projections: [createBalancesProjection()], generationCheckMs: 5 });
    await rebuilder.rebuild();
    expect(models.generation).toBe(1);
    expect(await reports()).toEqual([expect.objectContaining({ _id: 'reader:node-a', generation: 1 })]);
    expect(await models.collection('balances').countDocuments()).toBe(2);
    await node.stop();
    expect(await reports()).toEqual([]);
  });
});

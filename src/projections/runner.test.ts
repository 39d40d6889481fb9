import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/port';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createMemoryReadStore } from '../read-store/memory';
import type { ReadStore } from '../read-store/port';
import { createBalancesProjection } from '../testing/balances-projection';
import type { PositionedPush } from './projection';
import { POSITION_FIELD, insertOnce, updateOnce, upsertOnce } from './projection';
import type { ProjectionRunner, SubscriptionState } from './runner';
import { createProjectionRunner } from './runner';

const at = '2026-11-22T10:00:00.000Z';
let eventStore: EventStore;
let readStore: ReadStore;

async function deposit(stream: string, amount: number) {
  return eventStore.append(stream, [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount, at } }], expected.any);
}

async function balances(name = 'balances') {
  const docs = await readStore.collection(name).find({}, { sort: { _id: 1 }, projection: { [POSITION_FIELD]: 0 } });
  return docs;
}

function setup() {
  eventStore = createSqliteEventStore({ path: ':memory:' });
  readStore = createMemoryReadStore();
}

afterEach(async () => {
  await eventStore.close();
  await readStore.close();
});

describe('projection runner', () => {
  it('replays the log at start, then follows it live', async () => {
    setup();
    await deposit('a', 5);
    await deposit('b', 2);
    const runner = createProjectionRunner({ eventStore, readStore, projections: [createBalancesProjection()] });
    await runner.start();
    expect(await balances()).toEqual([
      { _id: 'a', balance: 5, updates: 1 },
      { _id: 'b', balance: 2, updates: 1 },
    ]);
    const { position } = await deposit('a', 1);
    expect(await runner.waitFor(position)).toBe(true);
    expect(await balances()).toContainEqual({ _id: 'a', balance: 6, updates: 2 });
    await runner.stop();
  });

  it('announces pushes after the event is applied, with its position', async () => {
    setup();
    const pushes: Array<PositionedPush & { balanceSeen: unknown }> = [];
    const runner = createProjectionRunner({
      eventStore,
      readStore,
      projections: [createBalancesProjection()],
      // Read the model from inside the push: it must already show the change.
      onPush: (push) => void readStore.collection('balances').findOne({ _id: 'a' }).then((doc) => pushes.push({ ...push, balanceSeen: doc?.balance })),
    });
    await runner.start();
    const { position } = await deposit('a', 4);
    await runner.waitFor(position);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pushes).toEqual([{ rooms: ['user:a'], event: 'credits:changed', payload: { credits: 4 }, position, balanceSeen: 4 }]);
    await runner.stop();
  });

  it('resumes from its stored checkpoint without applying events twice', async () => {
    setup();
    await deposit('a', 5);
    const first = createBalancesProjection();
    const runner = createProjectionRunner({ eventStore, readStore, projections: [first], checkpointIntervalMs: 1 });
    await runner.start();
    await runner.stop();
    await deposit('a', 1);
    const second = createBalancesProjection();
    const resumed = createProjectionRunner({ eventStore, readStore, projections: [second] });
    await resumed.start();
    expect(second.applied).toBe(1);
    expect(await balances()).toEqual([{ _id: 'a', balance: 6, updates: 2 }]);
    await resumed.stop();
  });

  it('replays a newly added projection from the start while the others skip what they applied', async () => {
    setup();
    await deposit('a', 5);
    const runner = createProjectionRunner({ eventStore, readStore, projections: [createBalancesProjection()] });
    await runner.start();
    await runner.stop();
    const old = createBalancesProjection();
    const added = createBalancesProjection('balances_v2');
    const both = createProjectionRunner({ eventStore, readStore, projections: [old, added] });
    await both.start();
    expect(old.applied).toBe(0);
    expect(await balances('balances_v2')).toEqual([{ _id: 'a', balance: 5, updates: 1 }]);
    await both.stop();
  });

  it('rebuilds to the same read model as the one built live', async () => {
    setup();
    const runner = createProjectionRunner({ eventStore, readStore, projections: [createBalancesProjection()] });
    await runner.start();
    for (let i = 0; i < 200; i++) await deposit(`w${i % 7}`, i + 1);
    await runner.waitFor(await eventStore.headPosition());
    const live = await balances();
    await runner.rebuild();
    expect(await balances()).toEqual(live);
    await runner.stop();
  });

  it('reports caught-up state, and times out a wait for a position it never reaches', async () => {
    setup();
    let release = () => {};
    const stuck = createProjectionRunner({
      eventStore,
      readStore,
      projections: [{ name: 'stuck', collections: [], apply: () => new Promise<void>((resolve) => (release = resolve)) }],
    });
    await stuck.start();
    expect(await stuck.status()).toEqual([{ name: 'stuck', position: undefined, caughtUp: true, lagMs: 0 }]);
    const { position } = await deposit('a', 1);
    expect(await stuck.waitFor(position, 50)).toBe(false);
    const [status] = await stuck.status();
    expect(status?.caughtUp).toBe(false);
    release();
    await stuck.stop();
  });
});

async function stateBecomes(runner: ProjectionRunner, state: SubscriptionState) {
  const deadline = Date.now() + 2000;
  while (runner.subscriptionState() !== state && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(runner.subscriptionState()).toBe(state);
}

describe('the subscription state', () => {
  it('is catching up, then live, failed once a projection throws, and stopped after stop', async () => {
    setup();
    let release = () => {};
    const started = new Promise<void>((resolve) => (release = resolve));
    const runner = createProjectionRunner({
      eventStore,
      readStore,
      projections: [
        {
          name: 'fragile',
          collections: [],
          apply: async (event) => {
            if (event.data && (event.data as { amount: number }).amount < 0) throw new Error('cannot apply');
            await started;
          },
        },
      ],
    });
    expect(runner.subscriptionState()).toBe('stopped');
    await deposit('a', 1);
    const starting = runner.start();
    // The first event is held in its projection, so the runner cannot have caught up yet.
    await stateBecomes(runner, 'catching_up').finally(release);
    await starting;
    expect(runner.subscriptionState()).toBe('live');
    await deposit('a', -1);
    await stateBecomes(runner, 'failed');
    await runner.stop();
    expect(runner.subscriptionState()).toBe('stopped');
  });
});

describe('idempotent writes', () => {
  it('apply each position to a document at most once', async () => {
    setup();
    const docs = readStore.collection<{ _id: string; n?: number }>('docs');
    expect(await insertOnce(docs, { _id: 'x', n: 1 }, 10)).toBe(true);
    expect(await insertOnce(docs, { _id: 'x', n: 1 }, 10)).toBe(false);
    expect(await updateOnce(docs, 'x', 11, { $inc: { n: 1 } })).toBe(true);
    expect(await updateOnce(docs, 'x', 11, { $inc: { n: 1 } })).toBe(false);
    expect(await upsertOnce(docs, 'x', 11, { $inc: { n: 1 } })).toBe(false);
    expect(await upsertOnce(docs, 'y', 12, { $inc: { n: 1 } })).toBe(true);
    expect(await upsertOnce(docs, 'y', 12, { $inc: { n: 1 } })).toBe(false);
    expect(await docs.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'x', n: 2, [POSITION_FIELD]: 11 },
      { _id: 'y', n: 1, [POSITION_FIELD]: 12 },
    ]);
  });
});

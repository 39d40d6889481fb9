import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createMemoryReadStore } from '../read-store/memory';
import { createBalancesProjection } from '../testing/balances-projection';
import type { PositionedPush } from './projection';
import type { ProjectionRunner, SubscriptionState } from './runner';
import { openReadModels } from './read-models';
import { createProjectionRunner } from './runner';
import { createMemoryLogger } from '../http/platform/logger';
import { withEventStoreFaults } from '../testing/faults';
import { balances, closeStores, deposit, eventStore, readStore, setup, useStores } from '../testing/runner-stores';

afterEach(closeStores);

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
    // Read as the app does, through the current generation: the rebuild writes a new one and switches to it.
    useStores({ readStore: openReadModels(readStore) });
    const runner = createProjectionRunner({ eventStore, readStore, projections: [createBalancesProjection()], generationGraceMs: 0 });
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
  it('is catching up, then live, and stopped after stop', async () => {
    setup();
    let release = () => {};
    const started = new Promise<void>((resolve) => (release = resolve));
    const runner = createProjectionRunner({
      eventStore,
      readStore,
      projections: [{ name: 'slow', collections: [], apply: () => started }],
    });
    expect(runner.subscriptionState()).toBe('stopped');
    await deposit('a', 1);
    const starting = runner.start();
    // The first event is held in its projection, so the runner cannot have caught up yet.
    await stateBecomes(runner, 'catching_up').finally(release);
    await starting;
    expect(runner.subscriptionState()).toBe('live');
    await runner.stop();
    expect(runner.subscriptionState()).toBe('stopped');
  });

  it('stays live through a retryable drop, logging its cause, and fails with the cause of a permanent one', async () => {
    const faulty = withEventStoreFaults(createSqliteEventStore({ path: ':memory:' }));
    useStores({ eventStore: faulty, readStore: createMemoryReadStore() });
    const log = createMemoryLogger();
    const projection = createBalancesProjection();
    const runner = createProjectionRunner({ eventStore, readStore, projections: [projection], log });
    await runner.start();
    await deposit('a', 1);
    await faulty.faults.dropSubscriptions(new Error('connection reset by peer'), 'retryable');
    expect(await runner.waitFor((await deposit('a', 2)).position)).toBe(true);
    expect(runner.subscriptionState()).toBe('live');
    expect(runner.subscriptionError()).toBeUndefined();
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'warn', error: expect.objectContaining({ message: 'connection reset by peer' }) }));
    expect(await balances()).toEqual([{ _id: 'a', balance: 3, updates: 2 }]);

    await faulty.faults.dropSubscriptions(new Error('Access denied'), 'permanent');
    expect(runner.subscriptionState()).toBe('failed');
    expect(runner.subscriptionError()).toBe('Access denied');
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'projection subscription ended' }));
    await runner.stop();
    expect(runner.subscriptionState()).toBe('stopped');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, LogPosition, RecordedEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryLogger } from '../../http/platform/logger';
import { createMemoryReadStore } from '../../read-store/memory';
import { createBalancesProjection } from '../../testing/balances-projection';
import { createProjectionRunner } from '../runner';
import { CATCH_UP_PAGE, catchUp } from './catch-up';

const at = '2026-11-28T05:00:00.000Z';
let eventStore: EventStore;

afterEach(async () => {
  await eventStore.close();
});

async function deposits(count: number): Promise<LogPosition> {
  eventStore = createSqliteEventStore({ path: ':memory:' });
  let last = 0;
  for (let i = 0; i < count; i++) {
    ({ position: last } = await eventStore.append(`account-${i % 3}`, [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 1, at } }], expected.any));
  }
  return last;
}

/** Counts the pages the catch-up reads, and how large each was asked to be. */
function countingReads(store: EventStore, pages: number[]): EventStore {
  return { ...store, readAll: (options) => (pages.push(options?.limit ?? -1), store.readAll(options)) };
}

describe('catch-up', () => {
  it('applies every event up to the head, in order, a page at a time, and none past it', async () => {
    const head = await deposits(7);
    await eventStore.append('account-0', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 1, at } }], expected.any);
    const applied: number[] = [];
    const pages: number[] = [];
    const outcome = await catchUp({
      eventStore: countingReads(eventStore, pages),
      after: undefined,
      head,
      apply: async (event) => (applied.push(event.position), true),
      stopping: () => false,
      log: createMemoryLogger(),
      pageSize: 3,
    });
    expect(outcome).toEqual({ reached: head });
    expect(applied).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pages).toEqual([3, 3, 3]);
  });

  it('starts after the position given, and stops when the runner stops, where it got', async () => {
    const head = await deposits(6);
    const applied: number[] = [];
    const outcome = await catchUp({
      eventStore,
      after: 2,
      head,
      apply: async (event) => (applied.push(event.position), true),
      stopping: () => applied.length >= 2,
      log: createMemoryLogger(),
      pageSize: 2,
    });
    expect(applied).toEqual([3, 4]);
    expect(outcome).toEqual({ reached: 4 });
  });

  it('ends with the error of an event that could not be applied, before it', async () => {
    const head = await deposits(4);
    const bug = new Error('bug');
    const outcome = await catchUp({
      eventStore,
      after: undefined,
      head,
      apply: async (event: RecordedEvent) => {
        if (event.position === 3) throw bug;
        return true;
      },
      stopping: () => false,
      log: createMemoryLogger(),
    });
    expect(outcome).toEqual({ reached: 2, failed: bug });
  });

  it('leaves the rest to the subscription when a read fails, and says so', async () => {
    const head = await deposits(5);
    const log = createMemoryLogger();
    let reads = 0;
    const failing: EventStore = { ...eventStore, readAll: async (options) => (++reads === 2 ? Promise.reject(new Error('busy')) : eventStore.readAll(options)) };
    const outcome = await catchUp({ eventStore: failing, after: undefined, head, apply: async () => true, stopping: () => false, log, pageSize: 2 });
    expect(outcome).toEqual({ reached: 2 });
    expect(log.lines.map((line) => line.msg)).toContain('projection catch-up read failed; the subscription goes on from the last event applied');
  });

  it('gives the runner the same read models as following the log live, and the subscription what came after the head', async () => {
    await deposits(9);
    const readStore = createMemoryReadStore();
    const pages: number[] = [];
    const runner = createProjectionRunner({ eventStore: countingReads(eventStore, pages), readStore, projections: [createBalancesProjection()] });
    await runner.start();
    // What the log held was read in pages, not through the subscription.
    expect(pages).toEqual([CATCH_UP_PAGE]);
    const { position } = await eventStore.append('account-1', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 5, at } }], expected.any);
    expect(await runner.waitFor(position)).toBe(true);
    expect(runner.subscriptionState()).toBe('live');
    await runner.stop();
    const caughtUp = await readStore.collection('balances').find({}, { sort: { _id: 1 } });

    // The same log followed live from its first event: every event delivered by the subscription.
    const liveStore = createSqliteEventStore({ path: ':memory:' });
    const liveReads = createMemoryReadStore();
    const live = createProjectionRunner({ eventStore: liveStore, readStore: liveReads, projections: [createBalancesProjection()] });
    await live.start();
    let last = 0;
    for (const event of await eventStore.readAll()) ({ position: last } = await liveStore.append(event.streamId, [{ id: event.id, type: event.type, data: event.data }], expected.any));
    expect(await live.waitFor(last)).toBe(true);
    await live.stop();
    expect(await liveReads.collection('balances').find({}, { sort: { _id: 1 } })).toEqual(caughtUp);
    await liveStore.close();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { operationsDecider } from '../../domain/operations/decide';
import { OPERATIONS_STREAM } from '../../domain/operations/events';
import { handleCommand } from '../../domain/shared/command-handler';
import type { EventStore, LogPosition } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore } from '../../read-store/memory';
import type { ReadStore } from '../../read-store/port';
import { createBalancesProjection } from '../../testing/balances-projection';
import type { Projection } from '../projection';
import { openReadModels } from '../read-models';
import type { ProjectionRunner } from '../runner';
import { CHECKPOINTS, ProjectionParkedError, createProjectionRunner } from '../runner';

const at = '2026-11-28T02:00:00.000Z';
let eventStore: EventStore;
let readStore: ReadStore;
const runners: ProjectionRunner[] = [];

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  await eventStore.close();
  await readStore.close();
});

const append = async (stream: string, type: string, amount: number) =>
  (await eventStore.append(stream, [{ id: crypto.randomUUID(), type, data: { amount, at } }], expected.any)).position;

/** The balances projection, but its code throws on every Spent event while `broken.on` holds. */
function fragileBalances(broken: { on: boolean }): Projection & { attempts: number } {
  const inner = createBalancesProjection('spending');
  const projection = {
    ...inner,
    attempts: 0,
    async apply(event, store, context) {
      if (event.type === 'Spent') projection.attempts++;
      if (event.type === 'Spent' && broken.on) throw new TypeError("Cannot read properties of undefined (reading 'amount')");
      return inner.apply(event, store, context);
    },
  } satisfies Projection & { attempts: number };
  return projection;
}

async function start(projections: Projection[]) {
  const models = openReadModels(readStore);
  const runner = createProjectionRunner({ eventStore, readStore: models, projections, retryDelayMs: () => 1, parkAfterAttempts: 3, checkpointIntervalMs: 1 });
  runners.push(runner);
  await runner.start();
  return { runner, models };
}

const operate = (type: 'RetryParkedEvent' | 'SkipParkedEvent', projection: string, position: LogPosition) =>
  handleCommand(eventStore, OPERATIONS_STREAM, operationsDecider, { type, projection, position, by: 'ops-anna', reason: 'bad amount in 1.4.1', at });

describe('a projection whose own code keeps throwing on one event', () => {
  it('is parked after its attempts while the others go on, and reads of it fail at once', async () => {
    eventStore = createSqliteEventStore({ path: ':memory:' });
    readStore = createMemoryReadStore();
    const fragile = fragileBalances({ on: true });
    const { runner, models } = await start([createBalancesProjection(), fragile]);
    await append('a', 'Deposited', 5);
    const bad = await append('a', 'Spent', 2);
    const later = await append('a', 'Deposited', 1);

    // Read-your-writes waits for the projections that are not parked.
    expect(await runner.waitFor(later)).toBe(true);
    expect(fragile.attempts).toBe(3);
    expect(await models.collection('balances').findOne({ _id: 'a' })).toMatchObject({ balance: 4 });
    const [, status] = await runner.status();
    expect(status).toMatchObject({ name: 'spending', caughtUp: false, position: bad - 1, parked: { position: bad, eventType: 'Spent', streamId: 'a', attempts: 3 } });
    expect(status?.failing).toBeUndefined();
    expect([...runner.parked().keys()]).toEqual(['spending']);
    await expect(models.collection('spending').findOne({ _id: 'a' })).rejects.toBeInstanceOf(ProjectionParkedError);
    await expect(models.collection('spending').find({})).rejects.toThrow('The spending read model is paused on a faulty event until an operator retries or skips it; please try again later');
    // The parking is stored beside the checkpoint.
    expect(await models.collection(CHECKPOINTS).findOne({ _id: 'spending' })).toMatchObject({ parked: { position: bad, eventType: 'Spent' } });
  });

  it('goes on after an operator skips the event, applying what it missed and never the event', async () => {
    eventStore = createSqliteEventStore({ path: ':memory:' });
    readStore = createMemoryReadStore();
    const fragile = fragileBalances({ on: true });
    const { runner, models } = await start([createBalancesProjection(), fragile]);
    await append('a', 'Deposited', 5);
    const bad = await append('a', 'Spent', 2);
    await append('a', 'Deposited', 1);
    await append('b', 'Deposited', 7);
    while (runner.parked().size === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    const { position } = await operate('SkipParkedEvent', 'spending', bad);
    expect(await runner.waitFor(position)).toBe(true);
    expect(runner.parked().size).toBe(0);
    expect(await models.collection('spending').find({}, { sort: { _id: 1 }, projection: { _position: 0 } })).toEqual([
      { _id: 'a', balance: 6, updates: 2 },
      { _id: 'b', balance: 7, updates: 1 },
    ]);
    expect(fragile.attempts).toBe(3);
    expect(await models.collection(CHECKPOINTS).findOne({ _id: 'spending' })).toEqual({ _id: 'spending', position: expect.any(Number) });
    // And it follows the log again.
    const next = await append('a', 'Spent', 1);
    // (still broken on Spent: parked again, on the new event)
    expect(await runner.waitFor(next)).toBe(true);
    expect(runner.parked().get('spending')?.position).toBe(next);
  });

  it('applies the event when an operator retries it after the fix, then what it missed', async () => {
    eventStore = createSqliteEventStore({ path: ':memory:' });
    readStore = createMemoryReadStore();
    const broken = { on: true };
    const fragile = fragileBalances(broken);
    const { runner, models } = await start([fragile, createBalancesProjection()]);
    await append('a', 'Deposited', 5);
    const bad = await append('a', 'Spent', 2);
    await append('a', 'Deposited', 1);
    while (runner.parked().size === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    // A retry while still broken parks it again on the same event.
    const again = await operate('RetryParkedEvent', 'spending', bad);
    expect(await runner.waitFor(again.position)).toBe(true);
    expect(fragile.attempts).toBe(6);
    expect(runner.parked().get('spending')?.position).toBe(bad);

    broken.on = false;
    const { position } = await operate('RetryParkedEvent', 'spending', bad);
    expect(await runner.waitFor(position)).toBe(true);
    expect(runner.parked().size).toBe(0);
    expect(await models.collection('spending').findOne({ _id: 'a' })).toMatchObject({ balance: 4, updates: 3 });
    // An operator's event for a projection not parked on it changes nothing.
    const stale = await operate('SkipParkedEvent', 'spending', bad);
    expect(await runner.waitFor(stale.position)).toBe(true);
    expect(await models.collection('spending').findOne({ _id: 'a' })).toMatchObject({ balance: 4, updates: 3 });
  });

  it('stays parked across a restart without trying the event again', async () => {
    eventStore = createSqliteEventStore({ path: ':memory:' });
    readStore = createMemoryReadStore();
    const first = fragileBalances({ on: true });
    const { runner } = await start([createBalancesProjection(), first]);
    await append('a', 'Deposited', 5);
    const bad = await append('a', 'Spent', 2);
    while (runner.parked().size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await runner.stop();
    runners.length = 0;

    const second = fragileBalances({ on: false });
    const restarted = await start([createBalancesProjection(), second]);
    expect(restarted.runner.parked().get('spending')?.position).toBe(bad);
    expect(second.attempts).toBe(0);
    await expect(restarted.models.collection('spending').findOne({ _id: 'a' })).rejects.toBeInstanceOf(ProjectionParkedError);
    // A later event does not reach it either, until an operator acts.
    const later = await append('a', 'Spent', 1);
    expect(await restarted.runner.waitFor(later)).toBe(true);
    expect(second.attempts).toBe(0);
    const { position } = await operate('RetryParkedEvent', 'spending', bad);
    expect(await restarted.runner.waitFor(position)).toBe(true);
    expect(second.attempts).toBe(2);
    expect(await restarted.models.collection('spending').findOne({ _id: 'a' })).toMatchObject({ balance: 2, updates: 3 });
  });
});

describe('a wait for what an answer reads', () => {
  it('ends once the projections owning those collections applied the position, while a later one still works on it', async () => {
    eventStore = createSqliteEventStore({ path: ':memory:' });
    readStore = createMemoryReadStore();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = createBalancesProjection('slow');
    const { runner } = await start([createBalancesProjection(), { ...slow, apply: async (event, store, context) => held.then(() => slow.apply(event, store, context)) }]);
    const position = await append('a', 'Deposited', 5);
    expect(await runner.waitFor(position, 5000, ['balances'])).toBe(true);
    expect(await runner.waitFor(position, 20)).toBe(false);
    release();
    expect(await runner.waitFor(position)).toBe(true);
  });
});

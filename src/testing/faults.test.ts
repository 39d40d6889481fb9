import { afterEach, describe, expect, it } from 'vitest';
import { expected } from '../event-store/port';
import type { RecordedEvent } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { idsOf, newEvent, newEvents, waitFor } from '../event-store/testing/conformance-support';
import { CHECKPOINTS } from '../projections/runner';
import { createMemoryReadStore } from '../read-store/memory';
import type { FaultyEventStore, FaultyReadStore } from './faults';
import { withEventStoreFaults, withReadStoreFaults } from './faults';

let eventStore: FaultyEventStore;
let readStore: FaultyReadStore;

function setup() {
  eventStore = withEventStoreFaults(createSqliteEventStore({ path: ':memory:' }));
  readStore = withReadStoreFaults(createMemoryReadStore());
}

afterEach(async () => {
  await eventStore.close();
  await readStore.close();
});

describe('the event store fault wrapper', () => {
  it('fails appends before writing, or after writing, then lets them through', async () => {
    setup();
    eventStore.faults.failAppends({ streamId: 'a' });
    await expect(eventStore.append('a', [newEvent()], expected.any)).rejects.toThrow('unavailable');
    expect(await eventStore.readStream('a')).toEqual([]);
    await eventStore.append('b', [newEvent()], expected.any);

    const lost = [newEvent()];
    eventStore.faults.failAfterWriting({ times: 1 });
    await expect(eventStore.append('a', lost, expected.noStream)).rejects.toThrow('outcome unknown');
    expect(idsOf(await eventStore.readStream('a'))).toEqual(idsOf(lost));
    expect((await eventStore.append('a', [newEvent()], expected.revision(0))).nextRevision).toBe(1);
  });

  it('a retryable drop goes on from the last delivered event, with no gap and nothing twice', async () => {
    setup();
    const seen: RecordedEvent[] = [];
    const drops: unknown[] = [];
    const subscription = eventStore.subscribe({ onEvent: (event) => void seen.push(event), onDropped: (cause) => drops.push(cause) });
    const first = newEvents(3);
    await eventStore.append('s', first, expected.noStream);
    await waitFor(() => seen.length === 3);
    const cause = new Error('connection reset');
    await eventStore.faults.dropSubscriptions(cause, 'retryable');
    const second = newEvents(2);
    await eventStore.append('s', second, expected.revision(2));
    await waitFor(() => seen.length >= 5);
    expect(drops).toEqual([cause]);
    expect(idsOf(seen)).toEqual(idsOf([...first, ...second]));
    await subscription.stop();
  });

  it('a permanent drop ends delivery through onError', async () => {
    setup();
    const seen: string[] = [];
    const errors: unknown[] = [];
    const subscription = eventStore.subscribe({ onEvent: (event) => void seen.push(event.id), onError: (error) => errors.push(error) });
    const cause = new Error('access denied');
    await eventStore.faults.dropSubscriptions(cause, 'permanent');
    await eventStore.append('s', [newEvent()], expected.any);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errors).toEqual([cause]);
    expect(seen).toEqual([]);
    await subscription.stop();
  });
});

describe('the read store fault wrapper', () => {
  it('fails the chosen operations on the chosen collection, the chosen number of times', async () => {
    setup();
    const docs = readStore.collection('docs');
    readStore.faults.failCollection('docs', { operations: ['insertOne'], times: 2 });
    await expect(docs.insertOne({ _id: 'x' })).rejects.toThrow('unavailable');
    expect(await docs.find({})).toEqual([]);
    await expect(docs.insertOne({ _id: 'x' })).rejects.toThrow('unavailable');
    await docs.insertOne({ _id: 'x' });
    await readStore.collection('others').insertOne({ _id: 'y' });
    expect(await docs.find({})).toEqual([{ _id: 'x' }]);
    expect(readStore.faults.failures('docs')).toBe(2);
  });

  it('fails checkpoint writes until healed', async () => {
    setup();
    readStore.faults.failCheckpointWrites({ times: Number.POSITIVE_INFINITY });
    const checkpoints = readStore.collection(CHECKPOINTS);
    for (let i = 0; i < 3; i++) await expect(checkpoints.updateOne({ _id: 'p' }, { $set: { position: i } }, { upsert: true })).rejects.toThrow();
    expect(await checkpoints.findOne({ _id: 'p' })).toBeNull();
    readStore.faults.heal();
    await checkpoints.updateOne({ _id: 'p' }, { $set: { position: 3 } }, { upsert: true });
    expect(await checkpoints.findOne({ _id: 'p' })).toEqual({ _id: 'p', position: 3 });
  });
});

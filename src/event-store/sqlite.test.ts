import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from './conformance';
import { expected, StreamConflictError } from './port';
import type { RecordedEvent } from './port';
import { createSqliteEventStore } from './sqlite';
import { idsOf, newEvent, newEvents, newStreamId, waitFor } from './testing/conformance-support';

const dir = mkdtempSync(join(tmpdir(), 'event-store-sqlite-'));
let files = 0;
const newFile = () => join(dir, `events-${(files += 1)}.db`);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describeEventStoreConformance('sqlite in memory', () => createSqliteEventStore({ path: ':memory:' }));
// NORMAL keeps the suite fast on a real disk; durability under FULL is the crash test's job.
describeEventStoreConformance('sqlite file', () => createSqliteEventStore({ path: newFile(), synchronous: 'NORMAL' }));

describe('sqlite event store', () => {
  it('keeps the log when the file is opened again', async () => {
    const path = newFile();
    const stream = newStreamId();
    const events = newEvents(3);
    const first = createSqliteEventStore({ path });
    const { position } = await first.append(stream, events, expected.noStream);
    await first.close();

    const reopened = createSqliteEventStore({ path });
    expect(idsOf(await reopened.readStream(stream))).toEqual(idsOf(events));
    expect(await reopened.headPosition()).toBe(position);
    expect((await reopened.append(stream, [newEvent()], expected.revision(2))).position).toBeGreaterThan(position);
    await reopened.close();
  });

  it('a subscriber sees appends made through another connection to the same file', async () => {
    const path = newFile();
    const reader = createSqliteEventStore({ path });
    const writer = createSqliteEventStore({ path });
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribe({ onEvent: (event) => void seen.push(event) });

    const events = newEvents(3);
    await writer.append(newStreamId(), events, expected.noStream);
    await waitFor(() => seen.length >= 3, 5_000);
    await subscription.stop();
    expect(idsOf(seen)).toEqual(idsOf(events));
    await writer.close();
    await reader.close();
  });

  it('a subscriber on another connection hears each append at once, not at its next poll', async () => {
    const path = newFile();
    const reader = createSqliteEventStore({ path });
    const writer = createSqliteEventStore({ path, synchronous: 'NORMAL' });
    const arrivals = new Map<string, number>();
    const subscription = reader.subscribe({ onEvent: (event) => void arrivals.set(event.id, performance.now()) });

    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const event = newEvent();
      const sent = performance.now();
      await writer.append(newStreamId(), [event], expected.noStream);
      await waitFor(() => arrivals.has(event.id), 5_000);
      latencies.push((arrivals.get(event.id) as number) - sent);
      // Let the reader go back to sleep, as between real requests.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await subscription.stop();
    await writer.close();
    await reader.close();
    // The 250 ms poll alone puts the median near 125 ms.
    latencies.sort((x, y) => x - y);
    expect(latencies[10]).toBeLessThan(40);
  });

  it('an append waiting for another connection’s write lock leaves the event loop free', async () => {
    const path = newFile();
    const store = createSqliteEventStore({ path, synchronous: 'NORMAL' });
    await store.append(newStreamId(), [newEvent()], expected.noStream);
    // Another process's writer, holding the lock for 200 ms.
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec('COMMIT');
        resolve();
      }, 200),
    );
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const appended = store.append(newStreamId(), [newEvent()], expected.noStream);
    await released;
    const { position } = await appended;
    clearInterval(ticker);
    other.close();
    // SQLite's own busy wait would have held this thread until its timeout: no tick, no release.
    expect(ticks).toBeGreaterThan(5);
    expect(position).toBe(2);
    await store.close();
  });

  it('an id appended again in another order is a conflict, not a retry', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const stream = newStreamId();
    const [one, two] = newEvents(2);
    if (!one || !two) throw new Error('expected two events');
    await store.append(stream, [one, two], expected.noStream);
    await expect(store.append(stream, [two, one], expected.any)).rejects.toBeInstanceOf(StreamConflictError);
    await expect(store.append(stream, [two, one], expected.noStream)).rejects.toBeInstanceOf(StreamConflictError);
    expect(await store.readStream(stream)).toHaveLength(2);
    await store.close();
  });

  it('refuses an event id already used by another stream', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const event = newEvent();
    await store.append(newStreamId(), [event], expected.noStream);
    await expect(store.append(newStreamId(), [event], expected.noStream)).rejects.toThrow(/already used in stream/);
    await store.close();
  });

  it('a subscriber of the appending process gets every event once, in log order, as the log holds it, with another process writing between its appends', async () => {
    const path = newFile();
    const mine = createSqliteEventStore({ path, synchronous: 'NORMAL' });
    const other = createSqliteEventStore({ path, synchronous: 'NORMAL' });
    const seen: RecordedEvent[] = [];
    const subscription = mine.subscribe({ onEvent: (event) => void seen.push(event) });
    const at = (store: typeof mine, data: Record<string, unknown> = {}) => store.append(newStreamId(), [newEvent({ ...data, kept: [1, { deep: true }] })], expected.noStream);
    await at(mine, { n: 1 });
    await at(other, { n: 2 });
    await at(mine, { n: 3 });
    // Three appends of one batch (one transaction); the middle one fails on its second event and writes nothing.
    const reused = newEvent();
    await mine.append(newStreamId(), [reused], expected.noStream);
    const batch = [at(mine, { n: 5 }), mine.append(newStreamId(), [newEvent({ n: 'never' }), reused], expected.noStream), at(mine, { n: 6 })];
    const settled = await Promise.allSettled(batch);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await at(other, { n: 7 });
    await at(mine, { n: 8 });
    const log = await mine.readAll();
    await waitFor(() => seen.length >= log.length, 5_000);
    await subscription.stop();
    expect(seen).toEqual(log);
    expect(log.map((event) => (event.data as { n?: unknown }).n)).toEqual([1, 2, 3, undefined, 5, 6, 7, 8]);

    // Subscribing again after each position gives exactly the rest of the log.
    for (const [index, event] of log.entries()) {
      const rest: RecordedEvent[] = [];
      const again = mine.subscribe({ after: event.position, onEvent: (next) => void rest.push(next) });
      await waitFor(() => rest.length >= log.length - index - 1, 5_000);
      await again.stop();
      expect(rest).toEqual(log.slice(index + 1));
    }
    await other.close();
    await mine.close();
  });
});

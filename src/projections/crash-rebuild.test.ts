import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { runCrashAppender } from '../event-store/testing/run-crash-appender';
import { createMemoryReadStore } from '../read-store/memory';
import type { ReadStore } from '../read-store/port';
import type { Projection } from './projection';
import { upsertOnce } from './projection';
import { createProjectionRunner } from './runner';

// Counts and sums what the crash appender wrote, per stream.
const tally: Projection = {
  name: 'tally',
  collections: ['tally'],
  async apply(event: RecordedEvent, store: ReadStore) {
    const { n } = event.data as { n: number };
    await upsertOnce(store.collection('tally'), event.streamId, event.position, {
      $inc: { count: 1, sum: n },
      $set: { lastRevision: event.revision },
    });
  },
};

describe('a writer killed mid-append', () => {
  it('leaves a log whose rebuilt read models equal the ones built live while it wrote', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crash-rebuild-'));
    const dbPath = join(dir, 'events.db');
    // Follow the file live from this process while the child writes to it.
    const liveStore = createSqliteEventStore({ path: dbPath });
    const liveModels = createMemoryReadStore();
    const live = createProjectionRunner({ eventStore: liveStore, readStore: liveModels, projections: [tally] });
    await live.start();

    const acks = await runCrashAppender({ dbPath, minAcks: 1500, maxMs: 4000 });
    expect(acks.length).toBeGreaterThan(0);
    const head = await liveStore.headPosition();
    expect(head).toBeGreaterThanOrEqual(acks.at(-1)?.position ?? Infinity);
    expect(await live.waitFor(head, 15_000)).toBe(true);
    const builtLive = await liveModels.collection('tally').find({}, { sort: { _id: 1 } });
    await live.stop();
    await liveStore.close();

    const reopened = createSqliteEventStore({ path: dbPath });
    const rebuiltModels = createMemoryReadStore();
    const rebuilt = createProjectionRunner({ eventStore: reopened, readStore: rebuiltModels, projections: [tally] });
    await rebuilt.start();
    const fromLog = await rebuiltModels.collection('tally').find({}, { sort: { _id: 1 } });
    await rebuilt.stop();
    await reopened.close();

    expect(fromLog).toEqual(builtLive);
    const counted = fromLog.reduce((total, doc) => total + (doc.count as number), 0);
    expect(counted).toBeGreaterThanOrEqual(acks.length);
    await rm(dir, { recursive: true });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createSqliteEventStore } from './sqlite';
import { expectStrictlyIncreasing, idsOf, range } from './testing/conformance-support';
import { runCrashAppender } from './testing/run-crash-appender';

const dir = mkdtempSync(join(tmpdir(), 'event-store-crash-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('every append acknowledged before a SIGKILL is in the log, in order', async () => {
  const dbPath = join(dir, 'events.db');
  const acks = await runCrashAppender({ dbPath });
  expect(acks.length).toBeGreaterThan(100);
  expectStrictlyIncreasing(acks.map((ack) => ack.position));

  const store = createSqliteEventStore({ path: dbPath });
  const log = await store.readAll();
  await store.close();

  expectStrictlyIncreasing(log.map((event) => event.position));
  // One writer appending one event at a time: the log is the acknowledged
  // appends, plus at most the one that committed just before the kill.
  expect(log.length - acks.length).toBeGreaterThanOrEqual(0);
  expect(log.length - acks.length).toBeLessThanOrEqual(1);
  const stored = log.slice(0, acks.length).map(({ id, streamId, revision, position }) => ({ id, streamId, revision, position }));
  expect(stored).toEqual(acks);

  const revisionsByStream = new Map<string, number[]>();
  for (const event of log) {
    const revisions = revisionsByStream.get(event.streamId) ?? [];
    revisions.push(event.revision);
    revisionsByStream.set(event.streamId, revisions);
  }
  expect(revisionsByStream.size).toBeGreaterThan(1);
  for (const revisions of revisionsByStream.values()) expect(revisions).toEqual(range(revisions.length));
  expect(new Set(idsOf(log)).size).toBe(log.length);
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expected } from '../src/event-store/port';
import type { EventStore } from '../src/event-store/port';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { printComparison } from './report';
import type { Measurement } from './report';

const rounds = 10;
const warmup = 200;

// Same file pragmas and the same table as the adapter, so the ratio shows what the
// adapter adds (expected-state check, JSON, promise) to a bare committed insert.
function openBaseline(path: string): (n: number) => void {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE events (
    position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
    recorded_at TEXT NOT NULL, UNIQUE (stream_id, revision))`);
  const insert = db.prepare('INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertOne = db.transaction((n: number) => {
    insert.run(randomUUID(), 'bench', n, 'BenchAppended', JSON.stringify({ n }), '{}', new Date().toISOString());
  });
  return (n) => insertOne(n);
}

function createAppender(store: EventStore): (n: number) => Promise<void> {
  return async (n) => {
    await store.append('bench', [{ id: randomUUID(), type: 'BenchAppended', data: { n } }], n === 0 ? expected.noStream : expected.revision(n - 1));
  };
}

export async function benchEventStoreAppend(count = 5000): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-event-store-'));
  const store = createSqliteEventStore({ path: join(dir, 'adapter.db') });
  const insertRaw = openBaseline(join(dir, 'raw.db'));
  const append = createAppender(store);
  const baseline: Measurement = { label: 'better-sqlite3 insert transaction', samplesMs: [], elapsedMs: 0 };
  const subject: Measurement = { label: 'SqliteEventStore.append', samplesMs: [], elapsedMs: 0 };
  let rawN = 0;
  let storeN = 0;

  try {
    for (let i = 0; i < warmup; i += 1) {
      insertRaw(rawN++);
      await append(storeN++);
    }
    // Alternate in rounds so that disk and CPU noise from neighbours hits both alike.
    const perRound = Math.ceil(count / rounds);
    for (let round = 0; round < rounds; round += 1) {
      const roundStart = performance.now();
      for (let i = 0; i < perRound; i += 1) {
        const start = performance.now();
        insertRaw(rawN++);
        baseline.samplesMs.push(performance.now() - start);
      }
      baseline.elapsedMs += performance.now() - roundStart;

      const subjectStart = performance.now();
      for (let i = 0; i < perRound; i += 1) {
        const start = performance.now();
        await append(storeN++);
        subject.samplesMs.push(performance.now() - start);
      }
      subject.elapsedMs += performance.now() - subjectStart;
    }
    printComparison(`event store append: ${count} single-event appends, SQLite file, WAL, synchronous FULL`, baseline, subject, 'ratio >= 0.5');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

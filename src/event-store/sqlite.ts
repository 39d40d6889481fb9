import Database from 'better-sqlite3';
import { createCommittedRun } from './committed-run';
import { createPollingSubscriptions } from './polling-subscription';
import { crossProcessWake } from './sqlite-wake';
import { assertEventsFit, StreamConflictError } from './port';
import type { AppendResult, EncodedEvent, EventStore, ExpectedState, LogPosition, NewEvent, RecordedEvent } from './port';

export interface SqliteEventStoreOptions {
  path: string;
  synchronous?: 'FULL' | 'NORMAL';
}

// position is the global order: AUTOINCREMENT never hands out a position twice,
// and SQLite's single writer makes positions become visible in order.
const schema = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    UNIQUE (stream_id, revision)
  )`;

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

type StoredId = Pick<EventRow, 'stream_id' | 'revision' | 'position'>;

// Thrown inside the transaction so that it rolls back before the retry is examined.
const idAlreadyStored = Symbol('id already stored');

/** How many of the rows this process committed last its subscriptions can take without reading the log. */
const COMMITTED_KEPT = 2048;

/** How long an append waits for another process's write lock before it fails. */
const BUSY_TIMEOUT_MS = 5000;

export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const db = new Database(options.path);
  // Another process may hold the write lock; wait for it rather than fail.
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  db.exec(schema);

  const sql = {
    head: db.prepare<[string], number>('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1').pluck(),
    insert: db.prepare<[string, string, number, string, string, string, string]>(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    byId: db.prepare<[string], StoredId>('SELECT stream_id, revision, position FROM events WHERE id = ?'),
    stream: db.prepare<[string], EventRow>('SELECT * FROM events WHERE stream_id = ? ORDER BY revision'),
    after: db.prepare<[number, number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
    headPosition: db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck(),
    // Prepared once: db.pragma() parses its statement at every call, twice a commit (about 5 µs).
    failWhenBusy: db.prepare('PRAGMA busy_timeout = 0'),
    waitWhenBusy: db.prepare(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`),
  };

  const headRevision = (streamId: string): number => sql.head.get(streamId) ?? -1;

  // The result of the append that stored these ids, when this call is its retry.
  function findOriginal(streamId: string, events: readonly NewEvent[], expected: ExpectedState): AppendResult | undefined {
    const stored = events.map((event) => sql.byId.get(event.id));
    if (stored.every((row) => row === undefined)) return undefined;
    const elsewhere = stored.find((row) => row !== undefined && row.stream_id !== streamId);
    if (elsewhere) throw new Error(`Event id already used in stream ${elsewhere.stream_id}, not in ${streamId}`);
    const first = stored[0];
    const sameOrder = first !== undefined && stored.every((row, i) => row?.revision === first.revision + i);
    const last = stored[stored.length - 1];
    if (!sameOrder || last === undefined) throw new StreamConflictError(streamId, expected, headRevision(streamId));
    return { nextRevision: last.revision, position: last.position };
  }

  // Each append's rows, for this process's subscriptions once the batch commits (committed-run.ts).
  let written: EventRow[] = [];
  const appendInTransaction = db.transaction(
    (streamId: string, events: readonly NewEvent[], encoded: readonly EncodedEvent[], expected: ExpectedState): AppendResult => {
      const head = headRevision(streamId);
      if (!satisfies(expected, head)) {
        const original = findOriginal(streamId, events, expected);
        if (original) return original;
        throw new StreamConflictError(streamId, expected, head);
      }
      const recordedAt = new Date().toISOString();
      let revision = head;
      let position = 0;
      const rows: EventRow[] = [];
      for (const [i, event] of events.entries()) {
        revision += 1;
        try {
          // The JSON assertEventsFit measured: each event is serialized once.
          const { data, metadata } = encoded[i] as EncodedEvent;
          position = Number(sql.insert.run(event.id, streamId, revision, event.type, data, metadata, recordedAt).lastInsertRowid);
          rows.push({ position, id: event.id, stream_id: streamId, revision, type: event.type, data, metadata, recorded_at: recordedAt });
        } catch (error) {
          if (isDuplicateId(error)) throw idAlreadyStored;
          throw error;
        }
      }
      // Only once every insert of this append succeeded (commitBatch forgets them if its savepoint fails after).
      written.push(...rows);
      return { nextRevision: revision, position };
    },
  );

  // What this process committed last is delivered to its own subscriptions from memory, not read back.
  const committedRun = createCommittedRun<EventRow>(COMMITTED_KEPT);
  const subscriptions = createPollingSubscriptions({
    readAfter: (after, limit) => (committedRun.after(after, limit) ?? sql.after.all(after ?? 0, limit)).map(toRecorded),
  });
  const otherProcesses = crossProcessWake(options.path, () => subscriptions.notify());
  let closed = false;

  // Group commit: appends requested while the event loop was busy are written
  // in one transaction, so one fsync serves them all. Each append still runs
  // in its own savepoint, in request order, and fails or succeeds alone.
  type Pending = { streamId: string; events: readonly NewEvent[]; encoded: readonly EncodedEvent[]; expected: ExpectedState; resolve(result: AppendResult): void; reject(error: unknown): void };
  let pending: Pending[] = [];
  const commitBatch = db.transaction((batch: Pending[]) =>
    batch.map((item): { result: AppendResult } | { error: unknown } => {
      const kept = written.length;
      try {
        return { result: appendInTransaction(item.streamId, item.events, item.encoded, item.expected) };
      } catch (error) {
        // Its savepoint was rolled back: none of its rows were written.
        written.length = kept;
        return { error };
      }
    }),
  );

  let busySince: number | undefined;
  function flush(blocking = false): void {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    let outcomes: ReturnType<typeof commitBatch>;
    // While another process holds the write lock, SQLite's busy handler would
    // sleep on this thread, stalling every request of this process. So the
    // write lock is only tried for here, and tried again 1 ms later; appends
    // made meanwhile join the batch. Reads keep the busy timeout.
    if (!blocking) sql.failWhenBusy.get();
    written = [];
    try {
      // IMMEDIATE takes the write lock up front: a deferred transaction that
      // read first could not upgrade while another process writes.
      outcomes = commitBatch.immediate(batch);
      busySince = undefined;
      committedRun.committed(written);
    } catch (error) {
      if (!blocking && isBusy(error) && Date.now() - (busySince ??= Date.now()) < BUSY_TIMEOUT_MS) {
        pending = batch.concat(pending);
        setTimeout(flush, 1);
        return;
      }
      busySince = undefined;
      for (const item of batch) item.reject(error);
      return;
    } finally {
      if (!blocking) sql.waitWhenBusy.get();
    }
    subscriptions.notify();
    otherProcesses.committed();
    outcomes.forEach((outcome, i) => {
      const item = batch[i] as Pending;
      if ('result' in outcome) return item.resolve(outcome.result);
      if (outcome.error !== idAlreadyStored) return item.reject(outcome.error);
      try {
        const original = findOriginal(item.streamId, item.events, item.expected);
        if (original) item.resolve(original);
        else item.reject(new StreamConflictError(item.streamId, item.expected, headRevision(item.streamId)));
      } catch (error) {
        item.reject(error);
      }
    });
  }

  return {
    append(streamId, events, expected) {
      if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
      if (closed) return Promise.reject(new Error('The event store is closed'));
      let encoded: EncodedEvent[];
      try {
        encoded = assertEventsFit(streamId, events);
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise<AppendResult>((resolve, reject) => {
        pending.push({ streamId, events, encoded, expected, resolve, reject });
        if (pending.length === 1) setImmediate(flush);
      });
    },
    async readStream(streamId) {
      return sql.stream.all(streamId).map(toRecorded);
    },
    async streamRevision(streamId) {
      return headRevision(streamId);
    },
    async readAll({ after, limit } = {}) {
      return sql.after.all(after ?? 0, limit ?? -1).map(toRecorded);
    },
    async headPosition(): Promise<LogPosition | undefined> {
      return sql.headPosition.get() ?? undefined;
    },
    subscribe(subscribeOptions) {
      if (closed) throw new Error('The event store is closed');
      otherProcesses.listen();
      return subscriptions.subscribe(subscribeOptions);
    },
    async close() {
      if (closed) return;
      closed = true;
      // The last appends may wait for another process's lock here: nothing else will run.
      if (pending.length > 0) flush(true);
      await subscriptions.stopAll();
      otherProcesses.close();
      db.close();
    },
  };
}

function satisfies(expected: ExpectedState, head: number): boolean {
  switch (expected.kind) {
    case 'no_stream':
      return head === -1;
    case 'stream_exists':
      return head >= 0;
    case 'any':
      return true;
    case 'revision':
      return head === expected.revision;
    default: {
      const unknown: never = expected;
      throw new Error(`Unknown expected state ${JSON.stringify(unknown)}`);
    }
  }
}

function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

function isDuplicateId(error: unknown): boolean {
  return (
    error instanceof Database.SqliteError &&
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes('events.id')
  );
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    recordedAt: row.recorded_at,
  };
}

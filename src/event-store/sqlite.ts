import { createCommittedRun } from './committed-run';
import { createPollingSubscriptions } from './polling-subscription';
import { errorFrom, openLog } from './sqlite-commit';
import type { AppendOutcome, AppendRequest } from './sqlite-commit';
import { crossProcessWake } from './sqlite-wake';
import { inlineWriter, threadWriter } from './sqlite-writer-thread';
import { assertEventsFit, StreamConflictError } from './port';
import type { AppendResult, EventStore, LogPosition, RecordedEvent } from './port';

export interface SqliteEventStoreOptions {
  path: string;
  synchronous?: 'FULL' | 'NORMAL';
}

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

/** How many of the rows this process committed last its subscriptions can take without reading the log. */
const COMMITTED_KEPT = 2048;

/**
 * The embedded event log. On a file, appends are committed by a writer
 * thread on a connection of its own (sqlite-writer.ts): the event loop
 * serializes and measures the events, hands each group of appends over, and
 * answers them once the thread's commit returned. Reads stay here, on this
 * connection (WAL: a reader sees every committed transaction). An in-memory
 * log (`:memory:`) is one connection's alone, so it commits here.
 */
export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const db = openLog(options.path, options.synchronous);
  const inMemory = options.path === '' || options.path === ':memory:';
  const writer = inMemory ? inlineWriter(db) : threadWriter({ path: options.path, synchronous: options.synchronous });

  const sql = {
    stream: db.prepare<[string], EventRow>('SELECT * FROM events WHERE stream_id = ? ORDER BY revision'),
    after: db.prepare<[number, number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
    headPosition: db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck(),
  };

  // What this process committed last is delivered to its own subscriptions from memory, not read back.
  const committedRun = createCommittedRun<EventRow>(COMMITTED_KEPT);
  const subscriptions = createPollingSubscriptions({
    readAfter: (after, limit) => (committedRun.after(after, limit) ?? sql.after.all(after ?? 0, limit)).map(toRecorded),
  });
  // Other processes' commits wake this one's subscriptions, and this one's wake theirs.
  const otherProcesses = crossProcessWake(options.path, () => subscriptions.notify());
  let closed = false;

  // Group commit: the appends requested while the event loop was busy go to
  // the writer together, without waiting for the batch before them; the
  // writer commits the batches that queued up meanwhile in one transaction,
  // so one fsync serves them all, and answers them in order. Each append
  // still runs in its own savepoint, in request order, and fails or succeeds alone.
  type Pending = { request: AppendRequest; resolve(result: AppendResult): void; reject(error: unknown): void };
  let pending: Pending[] = [];
  let scheduled = false;
  // The last batch's answer: every batch before it was answered first.
  let lastAnswered: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  function flush(): void {
    scheduled = false;
    writer.poll();
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    lastAnswered = writer.commit(batch.map((item) => item.request)).then(
      (outcomes) => answer(batch, outcomes),
      (error: unknown) => {
        for (const item of batch) item.reject(error);
      },
    );
  }

  // Only once the writer's commit returned: an answered append survives a kill -9.
  function answer(batch: readonly Pending[], outcomes: readonly AppendOutcome[]): void {
    const rows: EventRow[] = [];
    outcomes.forEach((outcome, i) => {
      if (outcome.kind === 'appended') rows.push(...rowsOf((batch[i] as Pending).request, outcome));
    });
    committedRun.committed(rows);
    subscriptions.notify();
    // Here, not on the writer thread: this process hears its own byte too, and its rows must be in the run by then.
    otherProcesses.committed();
    outcomes.forEach((outcome, i) => {
      const { request, resolve, reject } = batch[i] as Pending;
      switch (outcome.kind) {
        case 'appended':
          return resolve({ nextRevision: outcome.nextRevision, position: outcome.positions[outcome.positions.length - 1] as number });
        case 'found':
          return resolve({ nextRevision: outcome.nextRevision, position: outcome.position });
        case 'conflict':
          return reject(new StreamConflictError(request.streamId, request.expected, outcome.actualRevision));
        case 'failed':
          return reject(errorFrom(outcome.error));
        default: {
          const unknown: never = outcome;
          return reject(new Error(`Unknown append outcome ${JSON.stringify(unknown)}`));
        }
      }
    });
  }

  return {
    append(streamId, events, expected) {
      if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
      if (closed) return Promise.reject(new Error('The event store is closed'));
      let encoded: AppendRequest['encoded'];
      try {
        encoded = assertEventsFit(streamId, events);
      } catch (error) {
        return Promise.reject(error);
      }
      const request: AppendRequest = { streamId, ids: events.map((event) => event.id), types: events.map((event) => event.type), encoded, expected };
      return new Promise<AppendResult>((resolve, reject) => {
        pending.push({ request, resolve, reject });
        if (pending.length === 1) schedule();
      });
    },
    async readStream(streamId) {
      return sql.stream.all(streamId).map(toRecorded);
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
      // The last appends are committed (and answered) before the writer ends.
      flush();
      await lastAnswered;
      await writer.close();
      await subscriptions.stopAll();
      otherProcesses.close();
      db.close();
    },
  };
}

function rowsOf(request: AppendRequest, outcome: Extract<AppendOutcome, { kind: 'appended' }>): EventRow[] {
  const first = outcome.nextRevision - request.ids.length + 1;
  return request.ids.map((id, i) => {
    const { data, metadata } = request.encoded[i] as AppendRequest['encoded'][number];
    const type = request.types[i] as string;
    return { position: outcome.positions[i] as number, id, stream_id: request.streamId, revision: first + i, type, data, metadata, recorded_at: outcome.recordedAt };
  });
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

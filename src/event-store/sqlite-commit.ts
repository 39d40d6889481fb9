import Database from 'better-sqlite3';
import type { EncodedEvent, ExpectedState } from './port';

/**
 * The SQLite event store's group commit, on one connection: what the writer
 * thread runs (sqlite-writer.ts), and what an in-memory log runs on the event
 * loop (it has no file another connection could share). Its requests and
 * outcomes are plain data, so they cross a thread as they are.
 */

// position is the global order: AUTOINCREMENT never hands out a position twice,
// and SQLite's single writer makes positions become visible in order.
export const schema = `
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

/** How long a write or a read waits for another process's lock before it fails. */
export const BUSY_TIMEOUT_MS = 5000;

/** Opens a connection to the log with the store's pragmas; the schema is made when missing. */
export function openLog(path: string, synchronous: 'FULL' | 'NORMAL' | undefined): Database.Database {
  const db = new Database(path);
  // Another process may hold the write lock; wait for it rather than fail.
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  db.exec(schema);
  return db;
}

/** One append of a batch: its events already serialized and measured by the event loop. */
export interface AppendRequest {
  streamId: string;
  ids: readonly string[];
  types: readonly string[];
  encoded: readonly EncodedEvent[];
  expected: ExpectedState;
}

/** An error as it crosses the thread: the class is made again from `kind` on the other side. */
export interface ErrorData {
  message: string;
  /** A SQLite error's code (`SQLITE_BUSY`, …), when it is one. */
  code?: string;
}

export type AppendOutcome =
  /** Written: the positions of its events in order, all with one recorded_at. */
  | { kind: 'appended'; nextRevision: number; positions: number[]; recordedAt: string }
  /** A retry: these ids were stored by an earlier append, whose result this is. Nothing written. */
  | { kind: 'found'; nextRevision: number; position: number }
  | { kind: 'conflict'; actualRevision: number }
  | { kind: 'failed'; error: ErrorData };

type StoredId = { stream_id: string; revision: number; position: number };

// Thrown inside the savepoint so that it rolls back before the retry is examined.
const idAlreadyStored = Symbol('id already stored');

class Conflict {
  constructor(readonly actualRevision: number) {}
}

/**
 * Group commit: a batch is written in one transaction, so one fsync serves
 * it all. Each append runs in its own savepoint, in order, and fails or
 * succeeds alone. Throws when the transaction itself fails (another process
 * held the lock past the busy timeout, the disk): then nothing was written.
 */
export function createCommitter(db: Database.Database): (batch: readonly AppendRequest[]) => AppendOutcome[] {
  const sql = {
    head: db.prepare<[string], number>('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1').pluck(),
    insert: db.prepare<[string, string, number, string, string, string, string]>(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    byId: db.prepare<[string], StoredId>('SELECT stream_id, revision, position FROM events WHERE id = ?'),
  };
  const headRevision = (streamId: string): number => sql.head.get(streamId) ?? -1;

  // The outcome of the append that stored these ids, when this one is its retry.
  function findOriginal(request: AppendRequest): AppendOutcome | undefined {
    const stored = request.ids.map((id) => sql.byId.get(id));
    if (stored.every((row) => row === undefined)) return undefined;
    const elsewhere = stored.find((row) => row !== undefined && row.stream_id !== request.streamId);
    if (elsewhere) return { kind: 'failed', error: { message: `Event id already used in stream ${elsewhere.stream_id}, not in ${request.streamId}` } };
    const first = stored[0];
    const sameOrder = first !== undefined && stored.every((row, i) => row?.revision === first.revision + i);
    const last = stored[stored.length - 1];
    if (!sameOrder || last === undefined) return { kind: 'conflict', actualRevision: headRevision(request.streamId) };
    return { kind: 'found', nextRevision: last.revision, position: last.position };
  }

  const appendInSavepoint = db.transaction((request: AppendRequest): AppendOutcome => {
    const head = headRevision(request.streamId);
    if (!satisfies(request.expected, head)) {
      const original = findOriginal(request);
      if (original) return original;
      // Thrown, not returned: nothing was written, but the savepoint is left as any refusal leaves it.
      throw new Conflict(head);
    }
    const recordedAt = new Date().toISOString();
    const positions: number[] = [];
    for (const [i, id] of request.ids.entries()) {
      const { data, metadata } = request.encoded[i] as EncodedEvent;
      try {
        positions.push(Number(sql.insert.run(id, request.streamId, head + 1 + i, request.types[i] as string, data, metadata, recordedAt).lastInsertRowid));
      } catch (error) {
        if (isDuplicateId(error)) throw idAlreadyStored;
        throw error;
      }
    }
    return { kind: 'appended', nextRevision: head + request.ids.length, positions, recordedAt };
  });

  const commitBatch = db.transaction((batch: readonly AppendRequest[]) =>
    batch.map((request): AppendOutcome | typeof idAlreadyStored => {
      try {
        return appendInSavepoint(request);
      } catch (error) {
        // Its savepoint was rolled back: none of its rows were written.
        if (error === idAlreadyStored) return idAlreadyStored;
        if (error instanceof Conflict) return { kind: 'conflict', actualRevision: error.actualRevision };
        return { kind: 'failed', error: errorData(error) };
      }
    }),
  );

  return (batch) => {
    // IMMEDIATE takes the write lock up front: a deferred transaction that
    // read first could not upgrade while another process writes.
    const outcomes = commitBatch.immediate(batch);
    // An id stored meanwhile: once committed, look for the append that stored it (a retry answers its result).
    return outcomes.map((outcome, i) => {
      if (outcome !== idAlreadyStored) return outcome;
      const request = batch[i] as AppendRequest;
      return findOriginal(request) ?? { kind: 'conflict', actualRevision: headRevision(request.streamId) };
    });
  };
}

export function errorData(error: unknown): ErrorData {
  if (error instanceof Database.SqliteError) return { message: error.message, code: error.code };
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The error `errorData` describes, as its class: a SQLite error stays one, with its code. */
export function errorFrom(data: ErrorData): Error {
  return data.code === undefined ? new Error(data.message) : new Database.SqliteError(data.message, data.code);
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

function isDuplicateId(error: unknown): boolean {
  return (
    error instanceof Database.SqliteError &&
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes('events.id')
  );
}

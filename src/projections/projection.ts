import type { PushPayloads } from '../contract/realtime';
import type { SessionKind } from '../domain/sessions/events';
import type { LogPosition, RecordedEvent } from '../event-store/port';
import type { Collection, Doc, ReadStore, Update } from '../read-store/port';
import { DELETED_FIELD, DuplicateKeyError } from '../read-store/port';

/**
 * What the socket gateway is told when sessions end (src/http/realtime.ts):
 * the one session signed out, or every session of the person issued before
 * `sessionVersion` (a password change or reset, a deactivation). It closes
 * their sockets; no client receives it.
 */
export const SESSION_ENDED_PUSH = 'session:ended';
export type SessionEndedPayload = { kind: SessionKind; subject: string } & ({ sessionId: string } | { sessionVersion: number });

type PushTo<Payloads> = { [E in keyof Payloads]: { rooms: string[]; event: E; payload: Payloads[E] } }[keyof Payloads];

/** A message for Socket.IO rooms, caused by one applied event: one of the contract's pushes, or the gateway's own. */
export type Push = PushTo<PushPayloads> | PushTo<{ [SESSION_ENDED_PUSH]: SessionEndedPayload }>;

/** A push as delivered, with the log position of the event that caused it. */
export type PositionedPush = Push & { position: LogPosition };

export interface ApplyContext {
  /**
   * True while the runner catches up with events written before it started
   * (a rebuild at boot): nobody waits for pushes about them, so projections
   * may skip the reads that only serve pushes.
   */
  replaying: boolean;
  /**
   * Whether a socket of this node is in one of `rooms` now (absent: assume
   * one is). A push to rooms nobody is in is dropped at the gateway, so a
   * projection may skip the reads that only build its payload (a bid's view
   * for its owner). Each node tells only its own sockets, so this is this
   * node's answer; a socket that joins meanwhile refetches on joining.
   */
  listening?(rooms: readonly string[]): boolean;
}

/** One read model: the collections it owns and how each event changes them. */
export interface Projection {
  name: string;
  /** Collections this projection alone writes; dropped when it is rebuilt. */
  collections: string[];
  /**
   * The version of what this projection writes, 1 when absent. Raise it when
   * a change of code would have written its documents differently: a read-model
   * snapshot of another version is not loaded, and the projection (with those
   * registered after it) is rebuilt from the log (docs/decisions/0052).
   */
  version?: number;
  /**
   * The event types `apply` acts on, when a projection acts on few of them:
   * the runner moves this projection past an event of any other type without
   * calling `apply` (docs/decisions/0052, seventh round). Absent: every event.
   * Built from the same constants the projection tests the type with, where
   * it has them. In the test runs the runner applies a skipped event all the
   * same and reports any write or push it would have made (runner/skips.ts),
   * so a type missing here fails the tests whose log holds one.
   */
  handles?: readonly string[];
  /** Creates indexes. Runs before the first event, and again after a rebuild. */
  setup?(store: ReadStore): Promise<void>;
  /**
   * Applies one event. Must be idempotent per document (use `upsertOnce`,
   * `updateOnce`, `insertOnce`, `deleteOnce`), because an event can be
   * delivered again after a restart, and every node of a deployment applies it
   * to a shared read store (docs/decisions/0031). Returns the pushes the event
   * causes, sent once it is applied (and dropped while replaying): the same
   * pushes whether or not this node's writes were the ones that landed, since
   * each node tells only its own sockets.
   */
  apply(event: RecordedEvent, store: ReadStore, context?: ApplyContext): Promise<Push[] | void>;
}

/** The field in which each document remembers the last log position applied to it. */
export const POSITION_FIELD = '_position';

// A tombstone is final: no later write of any position matches it.
function notYetApplied(id: string, position: LogPosition) {
  return { _id: id, [DELETED_FIELD]: { $exists: false }, $or: [{ [POSITION_FIELD]: { $lt: position } }, { [POSITION_FIELD]: { $exists: false } }] };
}

// Live documents and tombstones alike: reads hide tombstones unless the filter names the marker.
const LIVE_OR_DELETED = { [DELETED_FIELD]: { $ne: false } };

async function exists<T extends Doc>(collection: Collection<T>, id: string): Promise<boolean> {
  return (await collection.countDocuments({ _id: id, ...LIVE_OR_DELETED })) === 1;
}

/** Updates one document unless it already reflects `position`. True when applied. */
export async function updateOnce<T extends Doc>(
  collection: Collection<T>,
  id: string,
  position: LogPosition,
  update: Update,
): Promise<boolean> {
  const result = await collection.updateOne(notYetApplied(id, position), withPosition(update, position));
  return result.matchedCount === 1;
}

/** Creates or updates one document unless it already reflects `position`. True when applied. */
export async function upsertOnce<T extends Doc>(
  collection: Collection<T>,
  id: string,
  position: LogPosition,
  update: Update,
): Promise<boolean> {
  try {
    await collection.updateOne(notYetApplied(id, position), withPosition(update, position), { upsert: true });
    return true;
  } catch (error) {
    // The document exists with a later position: the upsert tried to insert its _id again.
    if (error instanceof DuplicateKeyError && (await exists(collection, id))) return false;
    throw error;
  }
}

/** Inserts a document unless one with its `_id` exists. True when inserted. */
export async function insertOnce<T extends Doc>(collection: Collection<T>, doc: T, position: LogPosition): Promise<boolean> {
  try {
    await collection.insertOne(withField(doc, POSITION_FIELD, position));
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError && (await exists(collection, doc._id))) return false;
    throw error;
  }
}

/**
 * Deletes a document by leaving its tombstone: its `_id`, DELETED_FIELD and
 * `position`, and nothing else. Reads never see it (src/read-store/port.ts),
 * and no write matches it again, so a node still applying older events cannot
 * bring the document back (docs/decisions/0031). A document never seen gets
 * its tombstone all the same. True when this call left the tombstone.
 */
export async function deleteOnce<T extends Doc>(collection: Collection<T>, id: string, position: LogPosition): Promise<boolean> {
  // Drop every field the document has, so a tombstone holds no value an index or a query could meet.
  const current = await collection.findOne({ _id: id });
  const fields = Object.keys(current ?? {}).filter((field) => field !== '_id' && field !== POSITION_FIELD);
  return upsertOnce(collection, id, position, {
    $set: { [DELETED_FIELD]: true },
    ...(fields.length > 0 ? { $unset: Object.fromEntries(fields.map((field) => [field, ''] as const)) } : {}),
  });
}

function withPosition(update: Update, position: LogPosition): Update {
  const out: Record<string, unknown> = {};
  for (const operator in update) out[operator] = update[operator as keyof Update];
  out.$set = withField(update.$set ?? {}, POSITION_FIELD, position);
  return out as Update;
}

/**
 * A shallow copy of `object` with `field` set last. A loop, not a spread: the
 * helpers copy documents and updates of every projection's shape, and V8's
 * spread of objects of many shapes at one place falls to its slow path
 * (measured: about 2.5 µs against 0.4 µs for a bid's document).
 */
function withField<T extends object>(object: T, field: string, value: unknown): T {
  const out: Record<string, unknown> = {};
  for (const key in object) out[key] = object[key];
  out[field] = value;
  return out as T;
}

/** The `_id` of the tombstone that stands for every document a range delete removed (`deleteBelow`). */
const horizonId = (field: string) => `~deleted-below:${field}`;
type HorizonDoc = { _id: string; below: string; _position: LogPosition };

/**
 * Deletes every document whose `field` is below `value` (a pruning by time,
 * by the event at `position`), leaving one tombstone for them all instead of
 * one each: the horizon, which only rises. Reads never see it (it holds
 * DELETED_FIELD). A node that applies an older event late and writes such a
 * document back removes it again with `dropIfBelowHorizon` (docs/decisions/0061).
 */
export async function deleteBelow<T extends Doc>(collection: Collection<T>, field: string, value: string, position: LogPosition): Promise<void> {
  // The horizon before the deletes: a write that lands after them finds it.
  try {
    await collection.updateOne({ _id: horizonId(field), [DELETED_FIELD]: true, below: { $lt: value } }, { $set: { below: value, [POSITION_FIELD]: position } }, { upsert: true });
  } catch (error) {
    // The horizon stands at or past `value` already: the upsert tried to insert it again.
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  await collection.deleteMany({ [field]: { $lt: value } });
}

/**
 * After the event at `position` wrote a document whose `field` is `value`:
 * removes it again when a range delete by a later event has passed it (it was
 * written late, by a node that lags). Checked after the write, not before, so
 * a delete running meanwhile cannot miss it. What the event that raised the
 * horizon, or a later one, writes stays until the next pruning, as before.
 * True when it was removed.
 */
export async function dropIfBelowHorizon<T extends Doc>(collection: Collection<T>, id: string, field: string, value: string, position: LogPosition): Promise<boolean> {
  const horizon = (await collection.findOne({ _id: horizonId(field), [DELETED_FIELD]: true })) as HorizonDoc | null;
  if (!horizon || value >= horizon.below || position >= horizon[POSITION_FIELD]) return false;
  await collection.deleteOne({ _id: id });
  return true;
}

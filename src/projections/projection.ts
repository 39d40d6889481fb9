import type { LogPosition, RecordedEvent } from '../event-store/port';
import type { Collection, Doc, ReadStore, Update } from '../read-store/port';
import { DuplicateKeyError } from '../read-store/port';

/** A message for Socket.IO rooms, caused by one applied event. */
export interface Push {
  rooms: string[];
  event: string;
  payload: Record<string, unknown>;
}

/** A push as delivered, with the log position of the event that caused it. */
export interface PositionedPush extends Push {
  position: LogPosition;
}

export interface ApplyContext {
  /**
   * True while the runner catches up with events written before it started
   * (a rebuild at boot): nobody waits for pushes about them, so projections
   * may skip the reads that only serve pushes.
   */
  replaying: boolean;
}

/** One read model: the collections it owns and how each event changes them. */
export interface Projection {
  name: string;
  /** Collections this projection alone writes; dropped when it is rebuilt. */
  collections: string[];
  /** Creates indexes. Runs before the first event, and again after a rebuild. */
  setup?(store: ReadStore): Promise<void>;
  /**
   * Applies one event. Must be idempotent per document (use `upsertOnce`,
   * `updateOnce`, `insertOnce`), because an event can be delivered again after
   * a restart. Returns the pushes the event causes, sent once it is applied
   * (and dropped while replaying).
   */
  apply(event: RecordedEvent, store: ReadStore, context?: ApplyContext): Promise<Push[] | void>;
}

/** The field in which each document remembers the last log position applied to it. */
export const POSITION_FIELD = '_position';

function notYetApplied(id: string, position: LogPosition) {
  return { _id: id, $or: [{ [POSITION_FIELD]: { $lt: position } }, { [POSITION_FIELD]: { $exists: false } }] };
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
    if (error instanceof DuplicateKeyError && (await collection.countDocuments({ _id: id })) === 1) return false;
    throw error;
  }
}

/** Inserts a document unless one with its `_id` exists. True when inserted. */
export async function insertOnce<T extends Doc>(collection: Collection<T>, doc: T, position: LogPosition): Promise<boolean> {
  try {
    await collection.insertOne({ ...doc, [POSITION_FIELD]: position });
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError && (await collection.countDocuments({ _id: doc._id })) === 1) return false;
    throw error;
  }
}

function withPosition(update: Update, position: LogPosition): Update {
  return { ...update, $set: { ...update.$set, [POSITION_FIELD]: position } };
}

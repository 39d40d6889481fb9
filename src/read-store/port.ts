/**
 * Read models: a small subset of the MongoDB collection API. Two adapters
 * implement it (in memory with mingo, the embedded default, and MongoDB);
 * both pass `conformance.ts`. The app uses only what is declared here.
 */

/**
 * Marks a tombstone: what is left of a deleted read-model document, so that a
 * node replaying older events cannot write it back (src/projections/projection.ts
 * `deleteOnce`, docs/decisions/0031). `find`, `findOne` and `countDocuments`
 * never return or count a document holding this field, unless their filter
 * names the field at its top level; writes see tombstones like any document.
 */
export const DELETED_FIELD = '_deleted';

/** True when a read's filter asks about tombstones itself, so they are not hidden from it. */
export function namesDeleted(filter: Filter): boolean {
  return Object.prototype.hasOwnProperty.call(filter, DELETED_FIELD);
}

/** Every read-model document has a string `_id`. */
export interface Doc {
  _id: string;
  [field: string]: unknown;
}

/**
 * A MongoDB query filter. Supported: equality (including on dotted paths and
 * array membership), $eq $ne $gt $gte $lt $lte $in $nin $exists $regex
 * (with $options 'i'), $and $or $not. See docs/decisions/0003-read-store.md.
 */
export type Filter = Record<string, unknown>;

/** A MongoDB update document using only $set $inc $push $pull $setOnInsert $unset. */
export interface Update {
  $set?: Record<string, unknown>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
  $setOnInsert?: Record<string, unknown>;
  $unset?: Record<string, '' | 1 | true>;
}

/** 1 ascending, -1 descending; keys apply in insertion order. */
export type Sort = Record<string, 1 | -1>;

/** Inclusion (1) or exclusion (0) of top-level or dotted fields; not both, except `_id: 0`. */
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  /** The `_id` of the inserted document when the update upserted. */
  upsertedId?: string;
}

export interface IndexOptions {
  unique?: boolean;
  name?: string;
}

/** A write broke a unique index (MongoDB's E11000). */
export class DuplicateKeyError extends Error {
  readonly code = 11000;
  constructor(readonly collection: string, readonly key: Record<string, unknown>) {
    super(`Duplicate key in ${collection}: ${JSON.stringify(key)}`);
    this.name = 'DuplicateKeyError';
  }
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  findOne(filter: Filter, options?: Omit<FindOptions, 'limit'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter?: Filter): Promise<number>;
  /** Throws DuplicateKeyError when `_id` or a unique index is taken. */
  insertOne(doc: T): Promise<void>;
  /** Throws DuplicateKeyError when the result breaks a unique index. */
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter?: Filter): Promise<{ deletedCount: number }>;
  /** Idempotent. Keys are field paths; 1 or -1. */
  createIndex(keys: Sort, options?: IndexOptions): Promise<void>;
  /** Removes every document and every index but `_id`'s. */
  drop(): Promise<void>;
}

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  close(): Promise<void>;
}

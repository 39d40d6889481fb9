import { MemoryIndex, type Entry } from './memory-index';
import { countEntries, projectDocs, selectEntries, type CollectionState, type ReadShape } from './memory-plan';
import { decoded } from './memory-slices';
import { applyUpdate, generateId, seedFromFilter } from './memory-update';
import { cloneValue, equalValues, valuesAtPath } from './memory-values';
import { DELETED_FIELD, DuplicateKeyError } from './port';
import type { Collection, Doc, Filter, FindOptions, IndexOptions, ReadStore, Sort, Update, UpdateOptions, UpdateResult } from './port';
import { assertDeclaredFilter, assertDeclaredUpdate, assertFindOptions, assertKeys } from './validate';

// Stored documents are never mutated in place: reads copy out, writes copy in and
// replace the stored document whole, so a refused write has nothing to undo.
// Filters and updates are only read during the call, so they are not copied;
// whatever of them a write stores is copied as it is stored.

const states = new WeakMap<object, CollectionState>();

// For tests: how the collection's last read chose documents and how many it tested.
export function inspectMemoryCollection(collection: Collection<Doc>): { plan: string; documentsExamined: number } {
  const state = states.get(collection);
  if (!state) throw new Error('Not a memory collection');
  return { plan: state.stats.plan, documentsExamined: state.stats.examined };
}

/**
 * The documents a memory collection holds now, tombstones included, in
 * insertion order: the stored objects themselves, which no write ever changes
 * (a write replaces a document whole), so the array stays a consistent
 * picture of this moment however the collection changes afterwards.
 * Undefined when `collection` is not a memory collection.
 */
export function memoryDocuments(collection: Collection<Doc>): readonly Doc[] | undefined {
  const state = states.get(collection);
  if (!state) return undefined;
  materialize(state);
  return Array.from(state.docs.values(), (entry) => entry.doc);
}

/**
 * What a read-model snapshot needs of a collection: its documents, or, when
 * it was restored from a snapshot and never used since, the bytes it was
 * restored from (unchanged, since any use decodes them first).
 */
export function memorySnapshotOf(collection: Collection<Doc>): readonly Doc[] | { count: number; encoded: Uint8Array } | undefined {
  const state = states.get(collection);
  if (!state) return undefined;
  if (state.deferred) return { count: state.deferred.count, encoded: state.deferred.encoded };
  return Array.from(state.docs.values(), (entry) => entry.doc);
}

/** Documents restored from a snapshot and decoded on first use (`load`), with the bytes they come from. */
export interface DeferredDocuments {
  count: number;
  encoded: Uint8Array;
  load(): readonly Doc[];
  /** The same documents a slice at a time: a read decodes them between turns of the event loop. */
  slices?(rows: number): Iterator<readonly Doc[]>;
}

/**
 * Fills an empty memory collection with `docs` as they are, without copying
 * or checking them: what a read-model snapshot restores at start
 * (src/read-store/memory-snapshot.ts), before the projections' setup creates
 * their indexes over it. Deferred documents are decoded when the collection
 * is first used (read, written, counted), and the indexes created meanwhile
 * are built then. The caller hands over the documents and keeps no reference
 * to them.
 */
export function fillMemoryCollection(collection: Collection<Doc>, docs: readonly Doc[] | DeferredDocuments): void {
  const state = states.get(collection);
  if (!state) throw new Error('Not a memory collection');
  if (state.docs.size > 0 || state.indexes.length > 0 || state.deferred) throw new Error(`Collection ${state.name} is not empty`);
  if ('load' in docs) {
    state.deferred = { count: docs.count, encoded: docs.encoded, load: docs.load, indexes: [], slices: docs.slices?.bind(docs) };
    return;
  }
  fill(state, docs);
}

function fill(state: CollectionState, docs: readonly Doc[]): void {
  for (const doc of docs) {
    state.docs.set(doc._id, { doc, seq: state.seq++, texts: undefined });
    if (DELETED_FIELD in doc) state.tombstones++;
  }
}

/**
 * Decodes a collection restored from a snapshot, and builds the indexes asked
 * for until now; what a read began decoding in slices is finished here at once.
 */
function materialize(state: CollectionState): void {
  const { deferred } = state;
  if (!deferred) return;
  state.deferred = undefined;
  if (deferred.decoding) for (let slice = deferred.decoding.rest.next(); !slice.done; slice = deferred.decoding.rest.next()) fill(state, slice.value);
  else fill(state, deferred.load());
  for (const [keys, options] of deferred.indexes) addIndex(state, keys, options);
}

export function createMemoryReadStore(): ReadStore {
  const collections = new Map<string, Collection<Doc>>();
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let collection = collections.get(name);
      if (!collection) {
        const state: CollectionState = { name, docs: new Map(), indexes: [], tombstones: 0, seq: 0, textColumns: new Map(), stats: { examined: 0, plan: '' } };
        collection = createCollection(state);
        states.set(collection, state);
        collections.set(name, collection);
      }
      return collection as unknown as Collection<T>;
    },
    async close() {
      collections.clear();
    },
  };
}

// The shapes of a write's selection, built once.
const FIRST: ReadShape = { limit: 1 };
const EVERY: ReadShape = {};

interface Change {
  before: Doc | null;
  after: Doc;
}

function createCollection(state: CollectionState): Collection<Doc> {

  // `limit` apart from the caller's options, so findOne's checks see what its caller gave, and no options are built per read.
  const read = (filter: Filter, options: FindOptions | undefined, limit?: number): Doc[] => {
    materialize(state);
    assertDeclaredFilter(filter);
    if (options) assertFindOptions(options);
    const entries = selectEntries(state, filter, { sort: options?.sort, skip: options?.skip, limit: limit ?? options?.limit, hideDeleted: true });
    const projection = options?.projection;
    const docs = new Array<Doc>(entries.length);
    for (let i = 0; i < entries.length; i++) docs[i] = (entries[i] as Entry).doc;
    return (projection ? projectDocs(docs, projection) : docs).map(cloneValue);
  };

  // Validates every change before applying any: all or nothing.
  const commit = (changes: Change[]): void => {
    const { indexes } = state;
    // Which index each change moves, worked out once: an index whose keys a change leaves alone is neither
    // checked for duplicates (the document already holds those keys) nor updated.
    let touched: boolean[] | undefined;
    if (indexes.length > 0) {
      touched = new Array<boolean>(changes.length * indexes.length);
      for (let c = 0; c < changes.length; c++) {
        const { before, after } = changes[c] as Change;
        for (let i = 0; i < indexes.length; i++) touched[c * indexes.length + i] = before === null || (indexes[i] as MemoryIndex).touches(before, after);
      }
    }
    for (let i = 0; i < indexes.length; i++) {
      const index = indexes[i] as MemoryIndex;
      if (!index.unique) continue;
      let claimed: Map<string, string> | undefined;
      for (let c = 0; c < changes.length; c++) {
        if (!touched?.[c * indexes.length + i]) continue;
        const { after } = changes[c] as Change;
        for (const key of index.uniqueKeys(after)) {
          const holder = index.ownerOf(key) ?? claimed?.get(key);
          if (holder !== undefined && holder !== after._id) throw duplicate(index, after);
          (claimed ??= new Map()).set(key, after._id);
        }
      }
    }
    for (let c = 0; c < changes.length; c++) {
      const { before, after } = changes[c] as Change;
      for (let i = 0; i < indexes.length; i++) {
        if (!touched?.[c * indexes.length + i]) continue;
        const index = indexes[i] as MemoryIndex;
        if (before) index.remove(before);
        index.add(after);
      }
      state.tombstones += Number(DELETED_FIELD in after) - Number(before !== null && DELETED_FIELD in before);
      let entry = state.docs.get(after._id);
      if (entry) entry.doc = after;
      else state.docs.set(after._id, (entry = { doc: after, seq: state.seq++, texts: undefined }));
      for (const column of state.textColumns.values()) column.touch(entry);
    }
  };

  const duplicate = (index: MemoryIndex, doc: Doc): DuplicateKeyError => duplicateIn(state, index, doc);

  const update = (filter: Filter, change: Update, options: UpdateOptions, many: boolean): UpdateResult => {
    materialize(state);
    assertDeclaredFilter(filter);
    assertDeclaredUpdate(change);
    const matched = selectEntries(state, filter, many ? EVERY : FIRST);
    if (matched.length === 0 && options.upsert) {
      const inserted = applyUpdate(seedFromFilter(filter) as Doc, change, true).doc;
      if (inserted._id === undefined) inserted._id = generateId();
      if (state.docs.has(inserted._id)) throw new DuplicateKeyError(state.name, { _id: inserted._id });
      commit([{ before: null, after: inserted }]);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: inserted._id };
    }
    const changes: Change[] = [];
    for (const { doc } of matched) {
      const { doc: after, changed } = applyUpdate(doc, change, false);
      if (changed ?? !equalValues(doc, after)) changes.push({ before: doc, after });
    }
    commit(changes);
    return { matchedCount: matched.length, modifiedCount: changes.length };
  };

  const remove = (filter: Filter, many: boolean): { deletedCount: number } => {
    materialize(state);
    assertDeclaredFilter(filter);
    const matched = selectEntries(state, filter, many ? EVERY : FIRST);
    for (const entry of matched) {
      const { doc } = entry;
      for (const index of state.indexes) index.remove(doc);
      for (const column of state.textColumns.values()) column.touch(entry);
      if (DELETED_FIELD in doc) state.tombstones--;
      state.docs.delete(doc._id);
    }
    return { deletedCount: matched.length };
  };

  return {
    name: state.name,
    async findOne(filter, options) {
      const decoding = decoded(state, fill, materialize);
      if (decoding) await decoding;
      return read(filter, options, 1)[0] ?? null;
    },
    async find(filter, options) {
      const decoding = decoded(state, fill, materialize);
      if (decoding) await decoding;
      return read(filter, options);
    },
    async countDocuments(filter = {}) {
      const decoding = decoded(state, fill, materialize);
      if (decoding) await decoding;
      materialize(state);
      assertDeclaredFilter(filter);
      return countEntries(state, filter);
    },
    async insertOne(doc) {
      materialize(state);
      const copy = cloneValue(doc);
      if (typeof copy._id !== 'string') throw new Error('Documents need a string _id');
      if (state.docs.has(copy._id)) throw new DuplicateKeyError(state.name, { _id: copy._id });
      commit([{ before: null, after: copy }]);
    },
    async updateOne(filter, change, options = {}) {
      return update(filter, change, options, false);
    },
    async updateMany(filter, change, options = {}) {
      return update(filter, change, options, true);
    },
    async deleteOne(filter) {
      return remove(filter, false);
    },
    async deleteMany(filter = {}) {
      return remove(filter, true);
    },
    async createIndex(keys: Sort, options: IndexOptions = {}) {
      assertKeys(keys);
      // Built when the restored documents are first used: a start decodes nothing it does not need.
      if (state.deferred) state.deferred.indexes.push([{ ...keys }, { ...options }]);
      else addIndex(state, keys, options);
    },
    async drop() {
      state.deferred = undefined;
      state.docs.clear();
      state.tombstones = 0;
      state.textColumns.clear();
      state.indexes = [];
    },
  };
}

function addIndex(state: CollectionState, keys: Sort, options: IndexOptions): void {
  const unique = options.unique ?? false;
  const name = options.name ?? Object.entries(keys).map(([path, direction]) => `${path}_${direction}`).join('_');
  if (name === '_id_' || (Object.keys(keys).length === 1 && keys._id === 1)) return;
  const existing = state.indexes.find((index) => index.name === name || index.sameDefinition(keys, index.unique));
  if (existing) {
    if (existing.name === name && existing.sameDefinition(keys, unique)) return;
    throw new Error(`Index ${name} conflicts with existing index ${existing.name}`);
  }
  const index = new MemoryIndex(name, { ...keys }, unique);
  const entries: Entry[] = [...state.docs.values()];
  for (const { doc } of entries) {
    if (unique && index.uniqueKeys(doc).some((key) => index.ownerOf(key) !== undefined)) throw duplicateIn(state, index, doc);
    index.add(doc);
  }
  state.indexes = [...state.indexes, index];
}

function duplicateIn(state: CollectionState, index: MemoryIndex, doc: Doc): DuplicateKeyError {
  return new DuplicateKeyError(state.name, Object.fromEntries(index.paths.map((path) => [path, valuesAtPath(doc, path).values[0] ?? null])));
}

import { Context } from 'mingo/core';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import type { Entry, MemoryIndex } from './memory-index';
import { firstInOrder, indexOrderFor, type Matcher, rangeOf, TOP_FROM, viewAffordable, walkIsCheaper, walkSorted } from './memory-walk';
import { compileFastMatcher, DEFER, testOnce } from './memory-match';
import { type Candidates, candidatesFor } from './memory-candidates';
import type { TextHolder } from './memory-text';
import type { TextColumn } from './memory-text-column';
import { DELETED_FIELD, namesDeleted } from './port';
import type { Doc, Filter, IndexOptions, Projection, Sort } from './port';
import { compareStrings, compareValues, isPlainObject, sortKeyAt } from './memory-values';

export interface CollectionState {
  readonly name: string;
  readonly docs: Map<string, Entry>;
  indexes: MemoryIndex[];
  // Documents holding DELETED_FIELD, so a count of everything else needs no scan.
  tombstones: number;
  // The insertion order the next new document gets.
  seq: number;
  // Searches' text columns by slot (memory-text.ts), told of every write.
  readonly textColumns: Map<number, TextColumn<Entry>>;
  // How the last read chose its documents and how many it tested; tests assert on it.
  stats: { examined: number; plan: string };
  // Documents restored from a snapshot and not decoded yet, with the indexes asked for meanwhile (memory.ts).
  deferred?: { count: number; load(): readonly Doc[]; encoded: Uint8Array; indexes: Array<[Sort, IndexOptions]>; slices?: ((rows: number) => Iterator<readonly Doc[]>) | undefined; decoding?: { rest: Iterator<readonly Doc[]>; done: Promise<void> } };
}

export interface ReadShape {
  sort?: Sort | undefined;
  skip?: number | undefined;
  limit?: number | undefined;
  /** Reads pass true: tombstones (DELETED_FIELD) match no filter that does not name them. */
  hideDeleted?: boolean;
}

// Built once: mingo's main entry copies its whole operator table (~300 operators)
// into every query it creates, which dominated the cost of a projection's write.
const mingoOptions = { context: Context.init({ query: queryOperators, projection: projectionOperators }) };

export function projectDocs(docs: Doc[], projection: Projection): Doc[] {
  if (!isTopLevelInclusion(projection)) return new Query<Doc>({}, mingoOptions).find<Doc>(docs, projection).all();
  // `_id` unless excluded, and every field the projection includes, in the document's order.
  const withId = projection._id !== 0;
  return docs.map((doc) => {
    const out: Record<string, unknown> = {};
    for (const key in doc) if (key === '_id' ? withId : projection[key] === 1) out[key] = doc[key];
    return out as Doc;
  });
}

/**
 * Whether the projection only includes top-level fields (and may exclude
 * `_id`), which is applied here; mingo applies any other. Most reads project
 * this way, and mingo's general path costs more than the read. Checked in
 * place: nothing is built for it per read.
 */
function isTopLevelInclusion(projection: Projection): boolean {
  let included = 0;
  for (const field in projection) {
    const on = projection[field];
    if (field.includes('.') || field.startsWith('$')) return false;
    if (on === 1) included++;
    else if (field !== '_id' || on !== 0) return false;
  }
  return included > 0;
}

export function selectEntries(state: CollectionState, filter: Filter, shape: ReadShape = {}): Entry[] {
  if (typeof filter._id === 'string' && !shape.sort && !shape.skip) return selectById(state, filter, filter._id, shape.hideDeleted === true && !namesDeleted(filter));
  const skip = shape.skip ?? 0;
  const wanted = shape.limit ? skip + shape.limit : Number.POSITIVE_INFINITY;
  const candidates = candidatesFor(state, filter);
  const test = countingMatcher(state, filter, shape.hideDeleted === true && !namesDeleted(filter), candidates);
  const sort = shape.sort ? (Object.entries(shape.sort) as Array<[string, 1 | -1]>) : [];

  if (sort.length > 0) {
    const ordered = indexOrderFor(state.indexes, sort);
    const range = ordered ? rangeOf(ordered, filter) : null;
    if (ordered && (!candidates || walkIsCheaper(state.docs.size, candidates.entries.length, wanted)) && viewAffordable(state, ordered.index, wanted, range)) {
      state.stats.plan = `sorted:${ordered.index.name}`;
      return walkSorted(state, ordered, test, wanted, range).slice(skip);
    }
    const pool = candidates?.entries ?? state.docs.values();
    state.stats.plan = candidates ? `${candidates.plan}+sort` : 'scan+sort';
    // A page of a large match: the first `wanted` kept as the scan goes, not every match sorted.
    if (wanted < TOP_FROM) return firstInOrder(pool, test, sort, wanted).slice(skip);
    const matched: Entry[] = [];
    for (const entry of pool) if (test(entry)) matched.push(entry);
    return sortEntries(matched, sort).slice(skip, wanted);
  }

  if (candidates && candidates.entries.length <= 1) {
    state.stats.plan = candidates.plan;
    const only = candidates.entries[0];
    return only && skip === 0 && test(only) ? [only] : [];
  }
  const found: Entry[] = [];
  const pool = candidates ? candidates.entries.sort((a, b) => a.seq - b.seq) : state.docs.values();
  state.stats.plan = candidates?.plan ?? 'scan';
  for (const entry of pool) {
    if (test(entry)) found.push(entry);
    if (found.length >= wanted) break;
  }
  return found.slice(skip);
}

/**
 * What the general path finds for a filter on one `_id` (plan `id`: the one
 * document, if any, then tested), without collecting candidates or planning:
 * most reads and writes of projections and routes name the document's id.
 */
function selectById(state: CollectionState, filter: Filter, id: string, hideDeleted: boolean): Entry[] {
  state.stats.plan = 'id';
  state.stats.examined = 0;
  const entry = state.docs.get(id);
  if (!entry || (hideDeleted && DELETED_FIELD in entry.doc)) {
    if (entry) state.stats.examined = 1;
    return [];
  }
  state.stats.examined = 1;
  for (const key in filter) {
    if (key === '_id') continue;
    // Tested in one pass, nothing prepared; a search or a shape mingo judges goes the general way.
    const matched = testOnce(filter, entry.doc) ?? compileFilter(filter, false)(entry.doc, entry);
    return matched ? [entry] : [];
  }
  return [entry];
}

/**
 * How many documents a read's filter matches. An empty filter is the
 * collection's size less its tombstones, and one equality on an index's field
 * the size of that key, when the index holds no arrays: neither tests a
 * document. Anything else tests the candidates, or every document, once and
 * in no particular order.
 */
export function countEntries(state: CollectionState, filter: Filter): number {
  const hideDeleted = !namesDeleted(filter);
  // One document at most: the same look-up as a read by `_id` (an existence or approval check).
  if (typeof filter._id === 'string') return selectById(state, filter, filter._id, hideDeleted).length;
  const keys = Object.keys(filter);
  if (keys.length === 0) {
    state.stats = { examined: 0, plan: 'count' };
    return state.docs.size - state.tombstones;
  }
  const [only] = keys;
  if (keys.length === 1 && only !== undefined && (state.tombstones === 0 || !hideDeleted)) {
    const value = exactScalar(filter[only]);
    const index = value === undefined ? undefined : state.indexes.find((candidate) => candidate.isExactFor(only));
    if (index) {
      state.stats = { examined: 0, plan: `count:${index.name}` };
      return index.sizeFor([value], state.docs);
    }
  }
  const candidates = candidatesFor(state, filter);
  const test = countingMatcher(state, filter, hideDeleted, candidates);
  state.stats.plan = candidates?.plan ?? 'scan';
  let count = 0;
  for (const entry of candidates?.entries ?? state.docs.values()) if (test(entry)) count++;
  return count;
}

// A string, boolean or finite number compared for equality: index keys say exactly which documents equal it.
function exactScalar(condition: unknown): string | number | boolean | undefined {
  const value = isPlainObject(condition) && Object.keys(condition).length === 1 && '$eq' in condition ? condition.$eq : condition;
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  return undefined;
}

// Past this many documents to test, a filter is compiled into closures rather than interpreted.
const COMPILE_FROM = 256;

function countingMatcher(state: CollectionState, filter: Filter, hideDeleted: boolean, candidates: Candidates | null): Matcher {
  state.stats.examined = 0;
  const matches = compileFilter(filter, (candidates?.entries.length ?? state.docs.size) >= COMPILE_FROM);
  // Checked beside the filter rather than added to it: an empty filter stays free, and no read plan changes.
  if (hideDeleted) {
    return (entry) => {
      state.stats.examined++;
      return !(DELETED_FIELD in entry.doc) && matches(entry.doc, entry);
    };
  }
  return (entry) => {
    state.stats.examined++;
    return matches(entry.doc, entry);
  };
}

function compileFilter(filter: Filter, compiled: boolean): (doc: Doc, holder: TextHolder) => boolean {
  if (Object.keys(filter).length === 0) return () => true;
  const fast = compileFastMatcher(filter, compiled);
  if (!fast) {
    const query = new Query<Doc>(filter, mingoOptions);
    return (doc) => query.test(doc);
  }
  // No named closure here: under tsx each one created also pays for `__name`, on every read.
  let query: Query<Doc> | undefined;
  return (doc, holder) => {
    try {
      return fast(doc, holder);
    } catch (error) {
      if (error === DEFER) return (query ??= new Query<Doc>(filter, mingoOptions)).test(doc);
      throw error;
    }
  };
}

// MongoDB's order for `sort`; ties, which MongoDB leaves unspecified, by ascending `_id`.
export function sortEntries(entries: Entry[], sort: Array<[string, 1 | -1]>): Entry[] {
  const keyed = entries.map((entry) => ({ entry, keys: sort.map(([path, direction]) => sortKeyAt(entry.doc, path, direction)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < sort.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * (sort[i] as [string, 1 | -1])[1];
    }
    return compareStrings(a.entry.doc._id, b.entry.doc._id);
  });
  return keyed.map(({ entry }) => entry);
}

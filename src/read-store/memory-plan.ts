import { Context } from 'mingo/core';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import type { Entry, MemoryIndex, SortedEntry } from './memory-index';
import { compileFastMatcher, DEFER } from './memory-match';
import { DELETED_FIELD, namesDeleted } from './port';
import type { Doc, Filter, Projection, Sort } from './port';
import { compareStrings, compareValues, isIndexableScalar, isPlainObject, sortKeyAt } from './memory-values';

export interface CollectionState {
  readonly name: string;
  readonly docs: Map<string, Entry>;
  indexes: MemoryIndex[];
  // How the last read chose its documents and how many it tested; tests assert on it.
  readonly stats: { examined: number; plan: string };
}

export interface ReadShape {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /** Reads pass true: tombstones (DELETED_FIELD) match no filter that does not name them. */
  hideDeleted?: boolean;
}

type Matcher = (doc: Doc) => boolean;

// Built once: mingo's main entry copies its whole operator table (~300 operators)
// into every query it creates, which dominated the cost of a projection's write.
const mingoOptions = { context: Context.init({ query: queryOperators, projection: projectionOperators }) };

export function projectDocs(docs: Doc[], projection: Projection): Doc[] {
  const fields = topLevelInclusion(projection);
  if (!fields) return new Query<Doc>({}, mingoOptions).find<Doc>(docs, projection).all();
  return docs.map((doc) => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(doc)) if (fields.has(key)) out[key] = doc[key];
    return out as Doc;
  });
}

/**
 * The fields a plain inclusion of top-level fields keeps (`_id` unless
 * excluded), or undefined for any other projection, which mingo applies.
 * Most reads project this way, and mingo's general path costs more than the read.
 */
function topLevelInclusion(projection: Projection): Set<string> | undefined {
  const fields = new Set<string>(['_id']);
  let included = 0;
  for (const [field, on] of Object.entries(projection)) {
    if (field.includes('.') || field.startsWith('$')) return undefined;
    if (field === '_id' && on === 0) fields.delete('_id');
    else if (on === 1) {
      fields.add(field);
      included++;
    }
    else return undefined;
  }
  return included > 0 ? fields : undefined;
}

export function selectEntries(state: CollectionState, filter: Filter, shape: ReadShape = {}): Entry[] {
  const skip = shape.skip ?? 0;
  const wanted = shape.limit ? skip + shape.limit : Number.POSITIVE_INFINITY;
  const candidates = candidatesFor(state, filter);
  const test = countingMatcher(state, filter, shape.hideDeleted === true && !namesDeleted(filter));
  const sort = shape.sort ? (Object.entries(shape.sort) as Array<[string, 1 | -1]>) : [];

  if (sort.length > 0) {
    const ordered = indexOrderFor(state.indexes, sort);
    if (ordered && (!candidates || walkIsCheaper(state.docs.size, candidates.entries.length, wanted))) {
      state.stats.plan = `sorted:${ordered.index.name}`;
      return walkSorted(state, ordered, test, wanted).slice(skip);
    }
    const matched = (candidates?.entries ?? [...state.docs.values()]).filter((entry) => test(entry.doc));
    state.stats.plan = candidates ? `${candidates.plan}+sort` : 'scan+sort';
    return sortEntries(matched, sort).slice(skip, wanted);
  }

  if (candidates && candidates.entries.length <= 1) {
    state.stats.plan = candidates.plan;
    const only = candidates.entries[0];
    return only && skip === 0 && test(only.doc) ? [only] : [];
  }
  const found: Entry[] = [];
  const pool = candidates ? candidates.entries.sort((a, b) => a.seq - b.seq) : state.docs.values();
  state.stats.plan = candidates?.plan ?? 'scan';
  for (const entry of pool) {
    if (test(entry.doc)) found.push(entry);
    if (found.length >= wanted) break;
  }
  return found.slice(skip);
}

function countingMatcher(state: CollectionState, filter: Filter, hideDeleted: boolean): Matcher {
  state.stats.examined = 0;
  const matches = compileFilter(filter);
  // Checked beside the filter rather than added to it: an empty filter stays free, and no read plan changes.
  if (hideDeleted) {
    return (doc) => {
      state.stats.examined++;
      return !(DELETED_FIELD in doc) && matches(doc);
    };
  }
  return (doc) => {
    state.stats.examined++;
    return matches(doc);
  };
}

function compileFilter(filter: Filter): Matcher {
  if (Object.keys(filter).length === 0) return () => true;
  const fast = compileFastMatcher(filter);
  if (!fast) {
    const query = new Query<Doc>(filter, mingoOptions);
    return (doc) => query.test(doc);
  }
  // No named closure here: under tsx each one created also pays for `__name`, on every read.
  let query: Query<Doc> | undefined;
  return (doc) => {
    try {
      return fast(doc);
    } catch (error) {
      if (error === DEFER) return (query ??= new Query<Doc>(filter, mingoOptions)).test(doc);
      throw error;
    }
  };
}

// Equality (plain, `$eq` or `$in` of scalars) on `_id` or an index's first field narrows the scan.
function candidatesFor(state: CollectionState, filter: Filter): { entries: Entry[]; plan: string } | null {
  if (typeof filter._id === 'string') {
    const entry = state.docs.get(filter._id);
    return { entries: entry ? [entry] : [], plan: 'id' };
  }
  const ids = equalityValues(filter._id);
  if (ids) {
    const entries = [...new Set(ids)].flatMap((id) => state.docs.get(id as string) ?? []);
    return { entries, plan: 'id' };
  }
  let best: { ids: Set<string>; index: MemoryIndex } | null = null;
  for (const index of state.indexes) {
    const values = equalityValues(filter[index.firstPath]);
    if (!values) continue;
    const found = index.idsFor(values, state.docs);
    if (!best || found.size < best.ids.size) best = { ids: found, index };
  }
  if (!best) return null;
  const entries = [...best.ids].flatMap((id) => state.docs.get(id) ?? []);
  return { entries, plan: `index:${best.index.name}` };
}

function equalityValues(condition: unknown): unknown[] | null {
  if (isIndexableScalar(condition)) return [condition];
  if (!isPlainObject(condition)) return null;
  if ('$eq' in condition && isIndexableScalar(condition.$eq)) return [condition.$eq];
  if (Array.isArray(condition.$in) && condition.$in.every(isIndexableScalar)) return condition.$in;
  return null;
}

interface IndexOrder {
  index: MemoryIndex;
  reverse: boolean;
  // Direction of `_id` among equal index keys.
  ties: 1 | -1;
}

// An index whose keys are the sort (all reversed, or `_id` appended, allowed).
function indexOrderFor(indexes: MemoryIndex[], sort: Array<[string, 1 | -1]>): IndexOrder | null {
  for (const index of indexes) {
    if (!index.canSortWithoutArrays()) continue;
    let keys = sort;
    let ties: 1 | -1 = 1;
    const last = sort[sort.length - 1] as [string, 1 | -1];
    if (last[0] === '_id' && !index.paths.includes('_id') && sort.length > 1) {
      keys = sort.slice(0, -1);
      ties = last[1];
    }
    if (keys.length !== index.paths.length || keys.some(([path], i) => path !== index.paths[i])) continue;
    const same = keys.every(([, direction], i) => direction === index.directions[i]);
    const opposite = keys.every(([, direction], i) => direction === -(index.directions[i] as number));
    if (same || opposite) return { index, reverse: opposite, ties };
  }
  return null;
}

// Walking the sorted index stops after `wanted` matches; sorting the candidates
// costs n log n. Assume matches are spread evenly along the index.
function walkIsCheaper(total: number, candidates: number, wanted: number): boolean {
  const walk = Number.isFinite(wanted) ? Math.min(total, (wanted * total) / Math.max(1, candidates)) : total;
  const sort = candidates * (1 + Math.log2(candidates + 1) / 4);
  return walk < sort;
}

function walkSorted(state: CollectionState, order: IndexOrder, test: Matcher, wanted: number): Entry[] {
  const sorted = order.index.sortedEntries(state.docs);
  const step = order.reverse ? -1 : 1;
  // The view keeps ties by ascending `_id`; walking backwards reverses them.
  const flipTies = order.reverse === (order.ties === 1);
  const found: Entry[] = [];
  const take = (at: number): boolean => {
    const entry = state.docs.get((sorted[at] as SortedEntry).id) as Entry;
    if (test(entry.doc)) found.push(entry);
    return found.length >= wanted;
  };
  for (let at = order.reverse ? sorted.length - 1 : 0; at >= 0 && at < sorted.length; ) {
    let end = at;
    while (end + step >= 0 && end + step < sorted.length && order.index.compareEntries(sorted[end + step] as SortedEntry, sorted[at] as SortedEntry) === 0) end += step;
    if (flipTies) {
      for (let i = end; i !== at - step; i -= step) if (take(i)) return found;
    } else {
      for (let i = at; i !== end + step; i += step) if (take(i)) return found;
    }
    at = end + step;
  }
  return found;
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

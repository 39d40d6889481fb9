import type { Entry, MemoryIndex } from './memory-index';
import { fieldSearchOf, planOr, type TextSearch } from './memory-text';
import { entriesContaining, type TextColumn } from './memory-text-column';
import type { Filter } from './port';
import { isIndexableScalar, isPlainObject } from './memory-values';

/*
 * Which documents a read need test at all (memory-plan.ts): the ones an index
 * or a search's text column narrows a filter to, when that is few enough.
 */

/** What narrowing reads of a collection (memory-plan.ts's CollectionState has it). */
export interface NarrowingState {
  readonly docs: Map<string, Entry>;
  readonly indexes: MemoryIndex[];
  readonly textColumns: Map<number, TextColumn<Entry>>;
}

export interface Candidates {
  entries: Entry[];
  plan: string;
}

// Past this share of the collection, testing every document in stored order
// costs less than collecting the candidates (and, unsorted, ordering them).
const SCAN_SHARE = 0.25;

/**
 * The documents a filter can match, when an index narrows them: equality
 * (plain, `$eq` or `$in` of scalars) on `_id` or an index's first field, at
 * the top level or in any clause of an `$and`; or, for an `$or`, the union of
 * what each clause narrows to, when every clause does. Null when nothing
 * narrows the filter to fewer than a quarter of the documents: then it scans.
 */
export function candidatesFor(state: NarrowingState, filter: Filter): Candidates | null {
  // A text column's pass costs about as much as testing an eighth of the documents: tried only when no index narrows as far.
  const indexed = narrow(state, filter, false);
  const found = indexed && indexed.size <= state.docs.size / 8 ? indexed : narrow(state, filter, true);
  if (!found || found.size > Math.max(64, state.docs.size * SCAN_SHARE)) return null;
  return { entries: found.collect(), plan: found.plan };
}

interface Narrowed {
  size: number;
  plan: string;
  collect(): Entry[];
}

function narrow(state: NarrowingState, filter: Filter, searchText: boolean): Narrowed | null {
  const ids = typeof filter._id === 'string' ? [filter._id] : equalityValues(filter._id);
  if (ids) {
    const unique = [...new Set(ids)];
    return { size: unique.length, plan: 'id', collect: () => unique.flatMap((id) => state.docs.get(id as string) ?? []) };
  }
  let best: Narrowed | null = null;
  const consider = (option: Narrowed | null) => {
    if (option && (!best || option.size < best.size)) best = option;
  };
  for (const index of state.indexes) {
    const values = equalityValues(filter[index.firstPath]);
    if (!values) continue;
    consider({
      size: index.sizeFor(values, state.docs),
      plan: `index:${index.name}`,
      collect: () => [...index.idsFor(values, state.docs)].flatMap((id) => state.docs.get(id) ?? []),
    });
  }
  if (searchText) {
    for (const field of Object.keys(filter)) {
      const search = field.startsWith('$') ? null : fieldSearchOf(field, filter[field]);
      if (search) consider(textNarrowed(state, search));
    }
  }
  if (Array.isArray(filter.$and)) for (const clause of filter.$and) if (isPlainObject(clause)) consider(narrow(state, clause, searchText));
  if (Array.isArray(filter.$or) && filter.$or.length > 0) consider(union(state, filter.$or, searchText));
  return best;
}

function textNarrowed(state: NarrowingState, search: TextSearch): Narrowed {
  const entries = entriesContaining(state.textColumns, state.docs.values(), (entry) => state.docs.get(entry.doc._id) === entry, search);
  return { size: entries.length, plan: `text:${search.fields.join('|')}`, collect: () => entries };
}

// Each clause narrows, or is one literal searched in several fields (memory-text.ts), which a text column narrows.
function union(state: NarrowingState, clauses: unknown[], searchText: boolean): Narrowed | null {
  if (!clauses.every(isPlainObject)) return null;
  const plan = searchText ? planOr(clauses) : null;
  const parts: Narrowed[] = (plan?.searches ?? []).map((search) => textNarrowed(state, search));
  for (const clause of plan?.rest ?? clauses) {
    const part = isPlainObject(clause) ? narrow(state, clause, searchText) : null;
    if (!part) return null;
    parts.push(part);
  }
  return {
    size: parts.reduce((sum, part) => sum + part.size, 0),
    plan: `or(${parts.map((part) => part.plan).join(',')})`,
    collect: () => [...new Set(parts.flatMap((part) => part.collect()))],
  };
}

function equalityValues(condition: unknown): unknown[] | null {
  if (isIndexableScalar(condition)) return [condition];
  if (!isPlainObject(condition)) return null;
  if ('$eq' in condition && isIndexableScalar(condition.$eq)) return [condition.$eq];
  if (Array.isArray(condition.$in) && condition.$in.every(isIndexableScalar)) return condition.$in;
  return null;
}

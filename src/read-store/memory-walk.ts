import type { Entry, MemoryIndex, SortedEntry } from './memory-index';
import type { Filter } from './port';
import { compareStrings, compareValues, isPlainObject, sortKeyAt } from './memory-values';

/*
 * How a sorted read walks an index's sorted view (memory-plan.ts): which
 * index serves the sort, which part of its view the filter can match, and
 * when a page is taken by a scan instead.
 */

// Tests a stored entry's document; the entry keeps what a search works out about it (memory-text.ts).
export type Matcher = (entry: Entry) => boolean;

export interface IndexOrder {
  index: MemoryIndex;
  reverse: boolean;
  // Direction of `_id` among equal index keys.
  ties: 1 | -1;
}

// An index whose keys are the sort (all reversed, or `_id` appended, allowed).
export function indexOrderFor(indexes: MemoryIndex[], sort: Array<[string, 1 | -1]>): IndexOrder | null {
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
export function walkIsCheaper(total: number, candidates: number, wanted: number): boolean {
  const walk = Number.isFinite(wanted) ? Math.min(total, (wanted * total) / Math.max(1, candidates)) : total;
  const sort = candidates * (1 + Math.log2(candidates + 1) / 4);
  return walk < sort;
}

/*
 * Past this many documents, a page bounded to a part of an index (an equality
 * or a range on its first paths, as the owed-work sweep reads) does not build
 * the index's sorted view when it is not built yet (or too many writes since
 * call for a whole new sort): it tests every document once and keeps the
 * page's first ones in order. Sorting a view of a million documents takes
 * seconds on the event loop (the sweep's first read at a start,
 * docs/decisions/0052); a scan, a tenth of one. A page of the index's whole
 * order (a list newest first, as the admin lists read) still builds it: its
 * next pages walk the same view, where a scan each time cost an admin page of
 * 306,804 activity entries 143 ms. A read of everything builds it too: it
 * sorts all anyway.
 */
export const VIEW_AT_ONCE = 250_000;
// A page shorter than this is kept with an insertion into a sorted run, rather than by sorting every match.
export const TOP_FROM = 4096;

export function viewAffordable(state: { readonly docs: ReadonlyMap<string, Entry> }, index: MemoryIndex, wanted: number, range: KeyRange | null): boolean {
  return !Number.isFinite(wanted) || range === null || state.docs.size <= VIEW_AT_ONCE || index.viewReady();
}

// The first `wanted` entries that pass `test`, in the order of `sortEntries`: one pass, a sorted run of at most `wanted`.
export function firstInOrder(pool: Iterable<Entry>, test: Matcher, sort: Array<[string, 1 | -1]>, wanted: number): Entry[] {
  type Keyed = { entry: Entry; keys: unknown[] };
  const compare = (a: Keyed, b: Keyed): number => {
    for (let i = 0; i < sort.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * (sort[i] as [string, 1 | -1])[1];
    }
    return compareStrings(a.entry.doc._id, b.entry.doc._id);
  };
  // Whether `entry` comes before the last one kept, its keys read in place: most of a large match is not kept, and builds nothing.
  const before = (entry: Entry, last: Keyed): boolean => {
    for (let i = 0; i < sort.length; i++) {
      const [path, direction] = sort[i] as [string, 1 | -1];
      const order = compareValues(sortKeyAt(entry.doc, path, direction), last.keys[i]);
      if (order !== 0) return order * direction < 0;
    }
    return compareStrings(entry.doc._id, last.entry.doc._id) < 0;
  };
  const run: Keyed[] = [];
  for (const entry of pool) {
    // Its place first: once the run is full, most entries come after its last, and the filter need not test them.
    if (run.length >= wanted && !before(entry, run[run.length - 1] as Keyed)) continue;
    if (!test(entry)) continue;
    const keyed = { entry, keys: sort.map(([path, direction]) => sortKeyAt(entry.doc, path, direction)) };
    let low = 0;
    let high = run.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(run[middle] as Keyed, keyed) <= 0) low = middle + 1;
      else high = middle;
    }
    run.splice(low, 0, keyed);
    if (run.length > wanted) run.pop();
  }
  return run.map(({ entry }) => entry);
}

/**
 * The part of an index's sorted view a filter can match: equalities on its
 * first paths, then at most a range bounded by strings on the next one (a
 * string bound matches strings only). Entries outside it cannot match, so a
 * walk starts at its first and stops after its last; the filter still tests
 * every entry inside it.
 */
interface KeyRange {
  equal: unknown[];
  low?: { value: string; open: boolean } | undefined;
  high?: { value: string; open: boolean } | undefined;
}

export function rangeOf(order: IndexOrder, filter: Filter): KeyRange | null {
  const equal: unknown[] = [];
  for (const path of order.index.paths) {
    const condition = filter[path];
    if (condition === null || typeof condition === 'string' || typeof condition === 'boolean' || (typeof condition === 'number' && Number.isFinite(condition))) {
      equal.push(condition);
      continue;
    }
    if (!isPlainObject(condition)) break;
    const bounds = Object.entries(condition);
    if (bounds.length === 0 || !bounds.every(([operator, value]) => operator in BOUNDS && typeof value === 'string')) break;
    const range: KeyRange = { equal };
    for (const [operator, value] of bounds as Array<[keyof typeof BOUNDS, string]>) {
      const { side, open } = BOUNDS[operator];
      const current = range[side];
      const tighter = !current || (side === 'low' ? compareStrings(value, current.value) > 0 : compareStrings(value, current.value) < 0) || (value === current.value && open);
      if (tighter) range[side] = { value, open };
    }
    return range;
  }
  return equal.length > 0 ? { equal } : null;
}

const BOUNDS = { $gt: { side: 'low', open: true }, $gte: { side: 'low', open: false }, $lt: { side: 'high', open: true }, $lte: { side: 'high', open: false } } as const;

// Where an entry lies in the view's order against the range: before it (< 0), in it (0), after it (> 0).
function placeOf(index: MemoryIndex, range: KeyRange, entry: SortedEntry): number {
  const { equal } = range;
  for (let i = 0; i < equal.length; i++) {
    const order = compareValues(entry.keys[i], equal[i]);
    if (order !== 0) return order * (index.directions[i] as number);
  }
  if (equal.length >= index.paths.length) return 0;
  const key = entry.keys[equal.length];
  const direction = index.directions[equal.length] as number;
  if (range.low) {
    const order = compareValues(key, range.low.value);
    if (order < 0 || (order === 0 && range.low.open)) return -direction;
  }
  if (range.high) {
    const order = compareValues(key, range.high.value);
    if (order > 0 || (order === 0 && range.high.open)) return direction;
  }
  return 0;
}

// The first position of the view whose place is above `above` (-1: the range's start; 0: just past its end).
function boundary(sorted: SortedEntry[], index: MemoryIndex, range: KeyRange, above: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (placeOf(index, range, sorted[middle] as SortedEntry) <= above) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function walkSorted(state: { readonly docs: ReadonlyMap<string, Entry> }, order: IndexOrder, test: Matcher, wanted: number, range: KeyRange | null): Entry[] {
  const sorted = order.index.sortedEntries(state.docs);
  // The positions [from, to) that can match.
  const from = range ? boundary(sorted, order.index, range, -1) : 0;
  const to = range ? boundary(sorted, order.index, range, 0) : sorted.length;
  const step = order.reverse ? -1 : 1;
  const first = order.reverse ? to - 1 : from;
  const inside = (at: number) => at >= from && at < to;
  const found: Entry[] = [];
  // The view keeps ties by ascending `_id`; walking backwards reverses them.
  // An index ending in `_id` has no ties to put back.
  const flipTies = order.reverse === (order.ties === 1) && !order.index.paths.includes('_id');
  if (!flipTies) {
    for (let at = first; inside(at); at += step) {
      const { entry } = sorted[at] as SortedEntry;
      if (test(entry) && found.push(entry) >= wanted) break;
    }
    return found;
  }
  const take = (at: number): boolean => {
    const { entry } = sorted[at] as SortedEntry;
    if (test(entry)) found.push(entry);
    return found.length >= wanted;
  };
  for (let at = first; inside(at); ) {
    let end = at;
    while (inside(end + step) && order.index.compareEntries(sorted[end + step] as SortedEntry, sorted[at] as SortedEntry) === 0) end += step;
    for (let i = end; i !== at - step; i -= step) if (take(i)) return found;
    at = end + step;
  }
  return found;
}

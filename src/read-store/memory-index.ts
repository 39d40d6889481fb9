import type { TextHolder } from './memory-text';
import type { Doc, Sort } from './port';
import { compareStrings, compareValues, equalValues, isIndexableScalar, sortKeyAt, valueKey, valuesAtPath } from './memory-values';

export interface Entry extends TextHolder {
  doc: Doc;
  // Insertion order, MongoDB's natural order for an unsorted read.
  seq: number;
}

export interface SortedEntry {
  id: string;
  // The stored entry itself: a walk reads its document without a lookup by id per step.
  entry: Entry;
  keys: unknown[];
}

// One secondary index: a hash of the first key's scalar values for equality
// lookups, the full compound keys when unique, and a sorted view of all keys
// built on demand for sorted reads.
export class MemoryIndex {
  readonly paths: string[];
  readonly directions: Array<1 | -1>;
  private readonly flat: boolean;
  // Built on the first equality lookup that can use it (an index may serve only sorting).
  // A key held by one document maps to its id; a Set only once a second one shares it.
  private lookup: Map<string, string | Set<string>> | null = null;
  private readonly owners = new Map<string, string>();
  // Documents with an array under an index path: their sort keys depend on the direction.
  private readonly arrayIds = new Set<string>();
  private sorted: SortedEntry[] | null = null;
  private readonly stale = new Set<string>();

  constructor(
    readonly name: string,
    readonly spec: Sort,
    readonly unique: boolean,
  ) {
    this.paths = Object.keys(spec);
    this.directions = Object.values(spec);
    this.flat = this.paths.every((path) => !path.includes('.'));
  }

  get firstPath(): string {
    return this.paths[0] as string;
  }

  sameDefinition(spec: Sort, unique: boolean): boolean {
    return this.unique === unique && JSON.stringify(Object.entries(this.spec)) === JSON.stringify(Object.entries(spec));
  }

  touches(before: Doc, after: Doc): boolean {
    return this.paths.some((path) =>
      path.includes('.') ? !equalValues(valuesAtPath(before, path).values, valuesAtPath(after, path).values) : !equalValues(before[path], after[path]),
    );
  }

  add(doc: Doc): void {
    if (this.lookup) this.addToLookup(this.lookup, doc);
    if (this.unique) for (const key of this.uniqueKeys(doc)) this.owners.set(key, doc._id);
    if (this.hasArrayAt(doc)) this.arrayIds.add(doc._id);
    if (this.sorted) this.stale.add(doc._id);
  }

  private addToLookup(lookup: Map<string, string | Set<string>>, doc: Doc): void {
    for (const key of this.lookupKeys(doc)) {
      const ids = lookup.get(key);
      if (ids === undefined) lookup.set(key, doc._id);
      else if (typeof ids !== 'string') ids.add(doc._id);
      else if (ids !== doc._id) lookup.set(key, new Set([ids, doc._id]));
    }
  }

  private hasArrayAt(doc: Doc): boolean {
    if (this.flat) return this.paths.some((path) => Array.isArray(doc[path]));
    return this.paths.some((path) => valuesAtPath(doc, path).sawArray);
  }

  remove(doc: Doc): void {
    const lookup = this.lookup;
    if (lookup) {
      for (const key of this.lookupKeys(doc)) {
        const ids = lookup.get(key);
        if (ids === doc._id) lookup.delete(key);
        else if (typeof ids === 'object') {
          ids.delete(doc._id);
          if (ids.size === 0) lookup.delete(key);
        }
      }
    }
    if (this.unique) for (const key of this.uniqueKeys(doc)) if (this.owners.get(key) === doc._id) this.owners.delete(key);
    this.arrayIds.delete(doc._id);
    if (this.sorted) this.stale.add(doc._id);
  }

  ownerOf(key: string): string | undefined {
    return this.owners.get(key);
  }

  // MongoDB indexes a missing field as null, each element of an array, and `[]` as undefined.
  uniqueKeys(doc: Doc): string[] {
    if (this.flat) {
      const values = this.paths.map((path) => doc[path]);
      if (!values.some(Array.isArray)) return [values.map(valueKey).join('\u0001')];
    }
    let keys = [''];
    for (const path of this.paths) {
      const parts = new Set<string>();
      for (const leaf of valuesAtPath(doc, path).values) {
        if (!Array.isArray(leaf)) parts.add(valueKey(leaf));
        else if (leaf.length === 0) parts.add('u');
        else for (const item of leaf) parts.add(valueKey(item));
      }
      keys = keys.flatMap((prefix) => [...parts].map((part) => (prefix ? `${prefix}\u0001${part}` : part)));
    }
    return keys;
  }

  // A superset of the equality matches (arrays, nested paths): callers still test the filter.
  idsFor(values: unknown[], docs: ReadonlyMap<string, Entry>): Set<string> {
    const lookup = this.lookupOf(docs);
    const found = new Set<string>();
    for (const value of values) {
      const ids = lookup.get(valueKey(value));
      if (typeof ids === 'string') found.add(ids);
      else for (const id of ids ?? []) found.add(id);
    }
    return found;
  }

  // How many documents `idsFor(values)` would return at most, without collecting them.
  sizeFor(values: unknown[], docs: ReadonlyMap<string, Entry>): number {
    const lookup = this.lookupOf(docs);
    let size = 0;
    for (const value of values) {
      const ids = lookup.get(valueKey(value));
      size += ids === undefined ? 0 : typeof ids === 'string' ? 1 : ids.size;
    }
    return size;
  }

  // With no array under a top-level path, the documents keyed by a scalar are exactly those equal to it.
  isExactFor(path: string): boolean {
    return path === this.firstPath && this.flat && this.arrayIds.size === 0;
  }

  private lookupOf(docs: ReadonlyMap<string, Entry>): Map<string, string | Set<string>> {
    if (!this.lookup) {
      const lookup = new Map<string, string | Set<string>>();
      for (const { doc } of docs.values()) this.addToLookup(lookup, doc);
      this.lookup = lookup;
    }
    return this.lookup;
  }

  canSortWithoutArrays(): boolean {
    return this.arrayIds.size === 0;
  }

  // Whether the sorted view is built and few enough writes came since that patching it beats sorting it again.
  viewReady(): boolean {
    return this.sorted !== null && !this.needsSort(this.sorted);
  }

  private needsSort(sorted: SortedEntry[]): boolean {
    return this.stale.size > Math.max(64, sorted.length >> 10);
  }

  // Every document ordered by this index's keys, then `_id` ascending.
  sortedEntries(docs: ReadonlyMap<string, Entry>): SortedEntry[] {
    const compare = (a: SortedEntry, b: SortedEntry): number => this.compareEntries(a, b) || compareStrings(a.id, b.id);
    if (this.sorted === null || this.needsSort(this.sorted)) {
      this.sorted = [...docs.values()].map((entry) => this.entryOf(entry)).sort(compare);
    } else if (this.stale.size > 0) {
      // A few writes since the last read: patch the view instead of sorting everything again.
      const sorted = this.sorted.filter((entry) => !this.stale.has(entry.id));
      for (const id of this.stale) {
        const found = docs.get(id);
        if (!found) continue;
        const entry = this.entryOf(found);
        let low = 0;
        let high = sorted.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (compare(sorted[middle] as SortedEntry, entry) < 0) low = middle + 1;
          else high = middle;
        }
        sorted.splice(low, 0, entry);
      }
      this.sorted = sorted;
    }
    this.stale.clear();
    return this.sorted;
  }

  compareEntries(a: SortedEntry, b: SortedEntry): number {
    for (let i = 0; i < this.paths.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * (this.directions[i] as number);
    }
    return 0;
  }

  private entryOf(entry: Entry): SortedEntry {
    const { doc } = entry;
    return { id: doc._id, entry, keys: this.paths.map((path, i) => sortKeyAt(doc, path, this.directions[i] as 1 | -1)) };
  }

  private lookupKeys(doc: Doc): string[] {
    // Rebuilds index every document: the common case of one top-level scalar skips the general walk.
    if (this.flat) {
      const value = doc[this.firstPath];
      if (isIndexableScalar(value)) return [valueKey(value)];
    }
    const keys: string[] = [];
    const visit = (value: unknown): void => {
      if (isIndexableScalar(value)) keys.push(valueKey(value));
      else if (Array.isArray(value)) for (const item of value) visit(item);
    };
    for (const leaf of valuesAtPath(doc, this.firstPath).values) visit(leaf);
    return keys;
  }
}

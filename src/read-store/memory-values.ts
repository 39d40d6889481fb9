// Plain-data helpers for the in-memory read store: copying, MongoDB's BSON
// ordering, and the values a field path reaches inside a document.

export type PlainObject = Record<string, unknown>;

// Sorts below null: MongoDB's sort key for an empty array.
export const EMPTY_ARRAY = Symbol('empty array');

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof RegExp);
}

// Deep copy of plain data. Undefined fields are dropped and undefined array
// elements become null, which is what the MongoDB adapter's `ignoreUndefined`
// serialisation stores; functions and symbols are dropped like the driver does.
export function cloneValue<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      out[i] = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : copy(item);
    }
    return out;
  }
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  const out: PlainObject = {};
  for (const key of Object.keys(value)) {
    const item = (value as PlainObject)[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    out[key] = copy(item);
  }
  return out;
}

// Key-order-sensitive equality, as BSON compares embedded documents.
export function equalValues(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

// MongoDB's comparison order; missing sorts with null, an empty array's sort key below both.
function typeRank(value: unknown): number {
  if (value === EMPTY_ARRAY) return 1;
  if (value === undefined || value === null) return 2;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
    default:
      if (Array.isArray(value)) return 6;
      if (value instanceof Date) return 10;
      if (value instanceof RegExp) return 12;
      return 5;
  }
}

// MongoDB's BSON comparison (numbers by value, strings bytewise in UTF-8, documents field by field).
export function compareValues(a: unknown, b: unknown): number {
  const rank = typeRank(a);
  const other = typeRank(b);
  if (rank !== other) return rank < other ? -1 : 1;
  switch (rank) {
    case 3:
      return compareNumbers(Number(a), Number(b));
    case 4:
      return compareStrings(a as string, b as string);
    case 9:
      return a === b ? 0 : a ? 1 : -1;
    case 10:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case 6:
      return compareArrays(a as unknown[], b as unknown[]);
    case 5:
      return compareObjects(a as PlainObject, b as PlainObject);
    case 12:
      return compareStrings(String(a), String(b));
    default:
      return 0;
  }
}

function compareNumbers(a: number, b: number): number {
  // BSON puts NaN below every other number and equal to itself.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

// Code point order, which is UTF-8 byte order (JavaScript's `<` compares UTF-16 units).
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) must sort above U+E000..U+FFFF.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function compareObjects(a: PlainObject, b: PlainObject): number {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  const length = Math.min(keys.length, other.length);
  for (let i = 0; i < length; i++) {
    const key = keys[i] as string;
    const otherKey = other[i] as string;
    const byType = typeRank(a[key]) - typeRank(b[otherKey]);
    if (byType !== 0) return byType < 0 ? -1 : 1;
    const byName = compareStrings(key, otherKey);
    if (byName !== 0) return byName;
    const byValue = compareValues(a[key], b[otherKey]);
    if (byValue !== 0) return byValue;
  }
  return keys.length < other.length ? -1 : keys.length > other.length ? 1 : 0;
}

// Values a dotted path reaches, fanning out over arrays met on the way as
// MongoDB does; a missing field yields `undefined`. `sawArray` reports whether
// any array was met, including a leaf array.
export function valuesAtPath(doc: PlainObject, path: string): { values: unknown[]; sawArray: boolean } {
  if (!path.includes('.')) {
    const value = doc[path];
    return { values: [value], sawArray: Array.isArray(value) };
  }
  const state = { values: [] as unknown[], sawArray: false };
  collect(doc, path.split('.'), 0, state);
  return state;
}

function collect(value: unknown, segments: string[], at: number, state: { values: unknown[]; sawArray: boolean }): void {
  if (at === segments.length) {
    if (Array.isArray(value)) state.sawArray = true;
    state.values.push(value);
    return;
  }
  const segment = segments[at] as string;
  if (Array.isArray(value)) {
    state.sawArray = true;
    if (/^\d+$/.test(segment)) collect(value[Number(segment)], segments, at + 1, state);
    for (const item of value) if (isPlainObject(item)) collect(item[segment], segments, at + 1, state);
    if (value.length === 0) state.values.push(undefined);
    return;
  }
  collect(isPlainObject(value) ? value[segment] : undefined, segments, at + 1, state);
}

// MongoDB's sort key for one path: an array sorts by its smallest element
// ascending and its largest descending, an empty array below null.
export function sortKeyAt(doc: PlainObject, path: string, direction: 1 | -1): unknown {
  if (!path.includes('.')) {
    const value = doc[path];
    if (!Array.isArray(value)) return value ?? null;
  }
  let best: unknown;
  let found = false;
  for (const leaf of valuesAtPath(doc, path).values) {
    const candidates = Array.isArray(leaf) ? (leaf.length === 0 ? [EMPTY_ARRAY] : leaf) : [leaf ?? null];
    for (const candidate of candidates) {
      if (!found || compareValues(candidate, best) * direction < 0) best = candidate;
      found = true;
    }
  }
  return found ? best : null;
}

// A string that is equal for two values exactly when MongoDB's equality says so (key order matters).
export function valueKey(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${value === 0 ? 0 : value}`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'bigint':
      return `n${value}`;
    default:
      if (value === null || value === undefined) return 'z';
      if (value instanceof Date) return `d${value.getTime()}`;
      return `j${JSON.stringify(tagged(value))}`;
  }
}

function tagged(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tagged);
  if (isPlainObject(value)) return Object.keys(value).map((key) => [key, tagged(value[key])]);
  if (value instanceof RegExp) return `r${value.source}/${value.flags}`;
  return valueKey(value);
}

// Values an equality lookup can use as an index key (never null, documents or arrays).
export function isIndexableScalar(value: unknown): value is string | number | boolean | Date {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;
}

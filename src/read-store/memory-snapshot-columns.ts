import { deserialize, serialize } from 'node:v8';
import type { Doc } from './port';

/*
 * One collection of a read-model snapshot, encoded on its own
 * (docs/decisions/0052): a start decodes a collection only when it is first
 * used, and a collection never used since the start is written back as the
 * bytes it was read from.
 *
 * The documents are stored by columns: the documents with the same fields in
 * the same order share one list of field names, each field's values are one
 * column, and a column of strings (most of them: ids, times) holds indexes
 * into one table of the collection's distinct strings, as a typed array. Read
 * back, a string repeated across documents (a realtor's id in every bid) is
 * one string in memory, and V8 reads a typed array as bytes.
 */

/**
 * One field's values down a group of documents: indexes into the string table
 * (0 for null, i + 1 for string i), numbers, booleans, or, for anything else,
 * the values themselves.
 */
type Column = { strings: Uint32Array } | { numbers: Float64Array } | { booleans: Uint8Array } | { values: unknown[] };

/** The documents of a collection that have the same fields in the same order. */
interface Group {
  fields: string[];
  count: number;
  columns: Column[];
}

interface StoredCollection {
  strings: string[];
  groups: Group[];
}

/** Documents encoded between two turns of the event loop: a node writing its snapshot keeps answering meanwhile. */
const DOCS_PER_TURN = 20_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * After how many values a string column that brought more new strings than
 * half of them to the table stops sharing them: late enough that a column
 * repeating a few thousand values (a listing's id in every bid) has begun to
 * repeat them, early enough that a column of ids costs the table little.
 */
const DISTINCT_CHECKED_AT = 50_000;

/** A collection's documents as the bytes a snapshot stores. */
export async function encodeCollection(docs: readonly Doc[]): Promise<Buffer> {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const stringRef = (value: string) => {
    let index = indexOf.get(value);
    if (index === undefined) {
      index = strings.length;
      strings.push(value);
      indexOf.set(value, index);
    }
    return index + 1;
  };
  const column = (grouped: readonly Doc[], field: string): Column => {
    let kind: 'strings' | 'numbers' | 'booleans' | undefined;
    for (const doc of grouped) {
      const value = doc[field];
      const of = value === null || typeof value === 'string' ? 'strings' : typeof value === 'number' ? 'numbers' : typeof value === 'boolean' ? 'booleans' : undefined;
      if (of === undefined || (kind !== undefined && of !== kind)) return { values: grouped.map((d) => d[field]) };
      kind = of;
    }
    if (kind === 'strings') return stringColumn(grouped, field);
    if (kind === 'numbers') return { numbers: Float64Array.from(grouped, (d) => d[field] as number) };
    return { booleans: Uint8Array.from(grouped, (d) => (d[field] ? 1 : 0)) };
  };
  // A column whose values are mostly distinct (ids, times) is stored as it is: sharing them saves nothing, and a
  // table of millions of strings (881,200 refunds owed, each with its own ids) made the encoding of a large
  // collection several times slower, most of it the garbage collector walking the table.
  const stringColumn = (grouped: readonly Doc[], field: string): Column => {
    const tableBefore = strings.length;
    const refs = new Uint32Array(grouped.length);
    for (let i = 0; i < grouped.length; i++) {
      const value = (grouped[i] as Doc)[field];
      refs[i] = value === null ? 0 : stringRef(value as string);
      if (i + 1 === DISTINCT_CHECKED_AT && (strings.length - tableBefore) * 2 > DISTINCT_CHECKED_AT) {
        for (let s = tableBefore; s < strings.length; s++) indexOf.delete(strings[s] as string);
        strings.length = tableBefore;
        return { values: grouped.map((doc) => doc[field]) };
      }
    }
    return { strings: refs };
  };
  const byShape = new Map<string, { fields: string[]; docs: Doc[] }>();
  let last: { fields: string[]; docs: Doc[] } | undefined;
  for (let i = 0; i < docs.length; i++) {
    if (i > 0 && i % DOCS_PER_TURN === 0) await nextTurn();
    const doc = docs[i] as Doc;
    // Most documents have the shape of the one before: told without building its list of fields and their key.
    let group = last && hasFields(doc, last.fields) ? last : undefined;
    if (!group) {
      const fields = Object.keys(doc);
      const shape = fields.join('\u0000');
      group = byShape.get(shape);
      if (!group) byShape.set(shape, (group = { fields, docs: [] }));
    }
    group.docs.push(doc);
    last = group;
  }
  const groups: Group[] = [];
  for (const { fields, docs: grouped } of byShape.values()) {
    const columns: Column[] = [];
    for (const field of fields) {
      columns.push(column(grouped, field));
      if (grouped.length >= DOCS_PER_TURN / 4) await nextTurn();
    }
    groups.push({ fields, count: grouped.length, columns });
  }
  const stored: StoredCollection = { strings, groups };
  return serialize(stored);
}

/** Whether `doc` has exactly `fields`, in that order. */
function hasFields(doc: Doc, fields: readonly string[]): boolean {
  let i = 0;
  for (const field in doc) if (fields[i++] !== field) return false;
  return i === fields.length;
}

/** The documents `encodeCollection` encoded. Throws on bytes it did not write. */
export function decodeCollection(bytes: Uint8Array): Doc[] {
  const { strings, groups } = deserialize(bytes) as StoredCollection;
  const docs: Doc[] = [];
  for (const group of groups) decodeRows(docs, strings, group, 0, group.count);
  return docs;
}

/**
 * The same documents a slice of `rowsPerSlice` at a time, in the same order:
 * a collection decoded between turns of the event loop (memory.ts). The bytes
 * are read at the first slice.
 */
export function* decodeCollectionInSlices(bytes: Uint8Array, rowsPerSlice: number): Generator<Doc[], void> {
  const { strings, groups } = deserialize(bytes) as StoredCollection;
  for (const group of groups) {
    for (let start = 0; start < group.count; start += rowsPerSlice) yield decodeRows([], strings, group, start, Math.min(group.count, start + rowsPerSlice));
  }
}

/** Appends to `into` the group's documents from row `start` to before `end`, a column at a time. */
function decodeRows(into: Doc[], strings: readonly string[], { fields, columns }: Group, start: number, end: number): Doc[] {
  const first = into.length - start;
  for (let i = start; i < end; i++) into.push({} as Doc);
  fields.forEach((field, f) => {
    const column = columns[f] as Column;
    if ('strings' in column) {
      const refs = column.strings;
      for (let i = start; i < end; i++) (into[first + i] as Doc)[field] = refs[i] === 0 ? null : strings[(refs[i] as number) - 1];
    } else if ('numbers' in column) {
      for (let i = start; i < end; i++) (into[first + i] as Doc)[field] = column.numbers[i];
    } else if ('booleans' in column) {
      for (let i = start; i < end; i++) (into[first + i] as Doc)[field] = column.booleans[i] === 1;
    } else {
      for (let i = start; i < end; i++) (into[first + i] as Doc)[field] = column.values[i];
    }
  });
  return into;
}

import type { Doc, Filter } from './port';
import { isPlainObject } from './memory-values';

// Admin searches ask whether any of several fields contains a literal, case-insensitively:
// `$or: [{ name: { $regex: 'ann', $options: 'i' } }, { email: <the same> }, …]`.
// Testing each field's regular expression on each of 100,000 documents costs
// more than a page may, so the fields are joined and lowercased once per
// stored document (kept until the document is replaced) and one `includes`
// answers for all of them. Only where that is exactly what the regular
// expressions would say: a literal pattern, and ASCII throughout when it
// ignores case (JavaScript's case folding outside ASCII is not `toLowerCase`).

/** One literal searched for in several fields, standing for the `$or` clauses that ask it. */
export interface TextSearch {
  readonly fields: string[];
  readonly needle: string;
  readonly insensitive: boolean;
  readonly clauses: Filter[];
  // Where the joined text of these fields is kept in a TextCache.
  readonly slot: number;
}

/** The joined texts of one stored document, by slot; kept beside it by the store. */
export interface TextCache {
  readonly doc: Doc;
  readonly texts: Array<string | null | undefined>;
}

/** What holds a document's TextCache: the store's entry for it. */
export interface TextHolder {
  texts: TextCache | undefined;
}

/** The clauses of an `$or` that one text search answers, and the rest, tested one by one. */
export interface OrPlan {
  readonly searches: TextSearch[];
  readonly rest: Filter[];
}

const SEPARATOR = '\u0000';
const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
};
const META = '\\^$.*+?()[]{}|/';

// One slot per set of fields searched (and whether case is ignored): a handful in the whole app.
const slots = new Map<string, number>();

/** Groups the `$or` clauses that search the same literal in two or more fields; null when none do. */
export function planOr(clauses: Filter[]): OrPlan | null {
  const groups = new Map<string, { fields: string[]; needle: string; insensitive: boolean; clauses: Filter[] }>();
  const rest: Filter[] = [];
  for (const clause of clauses) {
    const search = literalSearchOf(clause);
    if (!search) {
      rest.push(clause);
      continue;
    }
    const key = `${search.insensitive ? 'i' : ''}${SEPARATOR}${search.needle}`;
    const group = groups.get(key) ?? { fields: [], needle: search.needle, insensitive: search.insensitive, clauses: [] };
    group.fields.push(search.field);
    group.clauses.push(clause);
    groups.set(key, group);
  }
  const searches: TextSearch[] = [];
  for (const group of groups.values()) {
    if (group.fields.length < 2) {
      rest.push(...group.clauses);
      continue;
    }
    searches.push({ ...group, slot: slotOf(group.fields, group.insensitive) });
  }
  return searches.length === 0 ? null : { searches, rest };
}

/** A clause `{ field: { $regex: literal, … } }` as a search of one field, which a text column can narrow; null for anything else. */
export function fieldSearchOf(field: string, condition: unknown): TextSearch | null {
  const clause = { [field]: condition };
  const search = literalSearchOf(clause);
  return search ? { fields: [field], needle: search.needle, insensitive: search.insensitive, clauses: [clause], slot: slotOf([field], search.insensitive) } : null;
}

function slotOf(fields: string[], insensitive: boolean): number {
  const key = `${insensitive ? 'i' : ''}${SEPARATOR}${fields.join(SEPARATOR)}`;
  let slot = slots.get(key);
  if (slot === undefined) slots.set(key, (slot = slots.size));
  return slot;
}

/**
 * Whether any field contains the literal; null when a field holds an array,
 * or text outside ASCII when case is ignored. The joined text is kept in
 * `holder` for as long as it holds this same document: a stored document is
 * never changed in place, only replaced.
 */
export function searchText(search: TextSearch, doc: Doc, holder: TextHolder | undefined): boolean | null {
  const text = holder === undefined ? joinedText(search, doc) : keptText(search, doc, holder);
  return text === null ? null : text.includes(search.needle);
}

function keptText(search: TextSearch, doc: Doc, holder: TextHolder): string | null {
  let cache = holder.texts;
  if (cache === undefined || cache.doc !== doc) holder.texts = cache = { doc, texts: [] };
  let text = cache.texts[search.slot];
  if (text === undefined) cache.texts[search.slot] = text = joinedText(search, doc);
  return text;
}

function joinedText(search: TextSearch, doc: Doc): string | null {
  const parts: string[] = [];
  for (const field of search.fields) {
    const value = doc[field];
    // Nothing but a string (or a string in an array) matches a regular expression.
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) return null;
  }
  const text = parts.join(SEPARATOR);
  if (!search.insensitive) return text;
  return isAscii(text) ? text.toLowerCase() : null;
}

// `{ field: { $regex: literal, $options: 'i' | '' } }`, the literal non-empty, without the separator, ASCII when case is ignored.
function literalSearchOf(clause: Filter): { field: string; needle: string; insensitive: boolean } | null {
  const keys = Object.keys(clause);
  const field = keys[0];
  if (keys.length !== 1 || field === undefined || field.startsWith('$') || field.includes('.')) return null;
  const condition = clause[field];
  if (!isPlainObject(condition)) return null;
  const { $regex: pattern, $options: options = '', ...others } = condition;
  if (Object.keys(others).length > 0 || typeof pattern !== 'string' || (options !== '' && options !== 'i')) return null;
  const literal = literalOf(pattern);
  if (literal === null || literal === '' || literal.includes(SEPARATOR)) return null;
  if (options === 'i') return isAscii(literal) ? { field, needle: literal.toLowerCase(), insensitive: true } : null;
  return { field, needle: literal, insensitive: false };
}

// The text a pattern matches when it is only literal characters and escaped metacharacters (what containsPattern writes).
function literalOf(pattern: string): string | null {
  let literal = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\') {
      const next = pattern[i + 1];
      // `\-` too: outside a class it is a hyphen, in JavaScript and in MongoDB alike.
      if (next === undefined || !(META.includes(next) || next === '-')) return null;
      literal += next;
      i++;
    } else if (META.includes(char)) {
      return null;
    } else {
      literal += char;
    }
  }
  return literal;
}

/**
 * Every stored document's joined text for one set of searched fields, with a
 * fingerprint of each: 128 bits, one per hashed pair of adjacent characters
 * it holds. A literal is in a text only if every pair of the literal is, so
 * one pass over the fingerprints (four integer tests a document) leaves the
 * few texts worth an `includes`. Searching one long string of all the texts
 * was slower: a literal like "homeowner-42" starts a partial match in almost
 * every one. Built on the first search; the store reports each written
 * document, which is joined again on the next search.
 */
export class TextColumn<E extends TextHolder & { doc: Doc }> {
  private entries: Array<E | null> = [];
  private texts: string[] = [];
  private prints = new Int32Array(64 * PRINT_WORDS);
  private readonly rows = new Map<E, number>();
  // Entries whose text could not be joined: their clauses are tested as written.
  private readonly undecided = new Set<E>();
  private readonly changed = new Set<E>();
  private dead = 0;
  // The last literal found, until the code that asked it returns (a
  // microtask): a list page starts its find and its count together, for the
  // same literal, and they need one pass. Never kept from one request to the next.
  private last: { needle: string; found: E[] } | null = null;

  constructor(
    private readonly fields: TextSearch,
    all: Iterable<E>,
  ) {
    for (const entry of all) this.place(entry);
  }

  /** The store wrote (or deleted) this entry's document. */
  touch(entry: E): void {
    this.changed.add(entry);
    this.last = null;
  }

  /** The entries whose fields may contain the search's literal: a superset of its `$or` clauses' matches. */
  find(search: TextSearch, isStored: (entry: E) => boolean): E[] {
    this.refresh(isStored);
    if (this.last?.needle === search.needle) return [...this.last.found];
    const { entries, texts, prints } = this;
    const wanted = new Int32Array(PRINT_WORDS);
    fingerprint(search.needle, wanted, 0);
    const [w0, w1, w2, w3] = wanted as unknown as [number, number, number, number];
    const found = [...this.undecided];
    for (let i = 0, at = 0; i < entries.length; i++, at += PRINT_WORDS) {
      if (((prints[at] as number) & w0) !== w0 || ((prints[at + 1] as number) & w1) !== w1) continue;
      if (((prints[at + 2] as number) & w2) !== w2 || ((prints[at + 3] as number) & w3) !== w3) continue;
      // A deleted row's text is empty, and the literal is not.
      if ((texts[i] as string).includes(search.needle)) found.push(entries[i] as E);
    }
    if (this.last === null) queueMicrotask(() => (this.last = null));
    this.last = { needle: search.needle, found };
    return [...found];
  }

  private refresh(isStored: (entry: E) => boolean): void {
    for (const entry of this.changed) {
      if (isStored(entry)) this.place(entry);
      else this.remove(entry);
    }
    this.changed.clear();
    if (this.dead > Math.max(1024, this.entries.length / 2)) {
      const live = this.entries.filter((entry): entry is E => entry !== null);
      this.entries = [];
      this.texts = [];
      this.rows.clear();
      this.dead = 0;
      for (const entry of live) this.place(entry);
    }
  }

  private place(entry: E): void {
    let row = this.rows.get(entry);
    if (row === undefined) {
      row = this.entries.length;
      this.rows.set(entry, row);
      this.entries.push(entry);
      this.texts.push('');
      if (this.prints.length < this.entries.length * PRINT_WORDS) {
        const grown = new Int32Array(this.prints.length * 2);
        grown.set(this.prints);
        this.prints = grown;
      }
    }
    const text = keptText(this.fields, entry.doc, entry);
    this.prints.fill(0, row * PRINT_WORDS, (row + 1) * PRINT_WORDS);
    if (text === null) {
      this.texts[row] = '';
      this.undecided.add(entry);
    } else {
      this.texts[row] = text;
      this.undecided.delete(entry);
      fingerprint(text, this.prints, row * PRINT_WORDS);
    }
  }

  private remove(entry: E): void {
    this.undecided.delete(entry);
    const row = this.rows.get(entry);
    if (row === undefined) return;
    this.rows.delete(entry);
    this.entries[row] = null;
    this.texts[row] = '';
    this.prints.fill(0, row * PRINT_WORDS, (row + 1) * PRINT_WORDS);
    this.dead++;
  }
}

const PRINT_WORDS = 4;

/** The text column of a search's fields (built now if there is none yet), and what it finds. */
export function entriesContaining<E extends TextHolder & { doc: Doc }>(
  columns: Map<number, TextColumn<E>>,
  all: Iterable<E>,
  isStored: (entry: E) => boolean,
  search: TextSearch,
): E[] {
  let column = columns.get(search.slot);
  if (column === undefined) columns.set(search.slot, (column = new TextColumn(search, all)));
  return column.find(search, isStored);
}

// Sets one of 128 bits for each pair of adjacent characters in `text`.
function fingerprint(text: string, into: Int32Array, at: number): void {
  let previous = text.charCodeAt(0);
  for (let i = 1; i < text.length; i++) {
    const next = text.charCodeAt(i);
    const bit = (previous * 31 + next) & 127;
    into[at + (bit >> 5)] = (into[at + (bit >> 5)] as number) | (1 << (bit & 31));
    previous = next;
  }
}

import type { Doc } from './port';
import { keptText, type TextHolder, type TextSearch } from './memory-text';

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

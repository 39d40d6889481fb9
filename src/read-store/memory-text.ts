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

/** The joined text of `search`'s fields, kept in `holder` while it holds this document. */
export function keptText(search: TextSearch, doc: Doc, holder: TextHolder): string | null {
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

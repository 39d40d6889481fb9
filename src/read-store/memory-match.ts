import type { Doc, Filter } from './port';
import { compareStrings, isPlainObject } from './memory-values';
import { planOr, searchText, type OrPlan, type TextHolder } from './memory-text';

// Every projection write is guarded by a filter such as
// `{ _id, $or: [{ _position: { $lt: p } }, { _position: { $exists: false } }] }`,
// and every admin list pages by keyset (`createdAt` before a cursor's, or
// null) with a search (`$regex`, `$options: 'i'`) and `$in`/`$nin` lookups. mingo
// compiles a fresh query per call and tests documents slowly, which costs more
// than the write itself and, on a list of 100,000, more than the request may,
// so these few shapes are compiled here with mingo's exact semantics (a
// randomized test in memory.test.ts compares the two). Anything else, and any
// NaN met at run time, goes to mingo.

// `holder` keeps what a test works out about a stored document (memory-text.ts), if the caller has one.
type Test = (doc: Doc, holder?: TextHolder) => boolean;

// Thrown by a fast test that meets a value only mingo should judge.
export const DEFER = Symbol('defer to mingo');

type Scalar = string | number | boolean;
type Operand = Scalar | null;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value));
}

function isOperand(value: unknown): value is Operand {
  return value === null || isScalar(value);
}

// What a condition needs built once per read: its regular expression, its
// `$in` values as a set, or an `$or`'s searches of one text in several fields.
type Prepared = Map<object, RegExp | Set<unknown> | OrPlan>;

/**
 * A test of `filter` with mingo's semantics, or null for a shape it leaves to
 * mingo. Checked once, then interpreted per document: compiling a closure per
 * field cost more than testing the one document an `_id` lookup finds. A read
 * that will test many documents asks for `compiled`: one closure per clause,
 * built once, then no lookups of the filter's keys or prepared values per document.
 */
export function compileFastMatcher(filter: Filter, compiled = false): Test | null {
  const prepared: Prepared = new Map();
  if (Object.keys(filter).length === 0 || !isSupported(filter, prepared)) return null;
  return compiled ? compileTest(filter, prepared) : (doc, holder) => matches(filter, doc, prepared, holder);
}

/**
 * `filter` tested on one document in one pass, nothing built for it: a read or
 * write by `_id` with further conditions (the idempotent writes'), where
 * preparing the filter cost more than the test. `matches`' semantics; undefined
 * for a shape it leaves to the general path (a search, a dotted path, NaN).
 */
export function testOnce(filter: Filter, doc: Doc): boolean | undefined {
  try {
    return testClauses(filter, doc);
  } catch (error) {
    if (error === DEFER) return undefined;
    throw error;
  }
}

// Throws DEFER for any shape `isSupported` refuses or `matches` leaves to mingo.
function testClauses(filter: Filter, doc: Doc): boolean {
  for (const key in filter) {
    const condition = filter[key];
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0) throw DEFER;
      const any = key === '$or';
      let held = !any;
      for (const clause of condition) {
        if (!isPlainObject(clause)) throw DEFER;
        if (testClauses(clause as Filter, doc) === any) held = any;
        if (held === any) break;
      }
      if (!held) return false;
    } else if (key.startsWith('$') || key.includes('.')) throw DEFER;
    else if (!testCondition(doc[key], condition)) return false;
  }
  return true;
}

function testCondition(value: unknown, condition: unknown): boolean {
  if (isOperand(condition)) return equals(value, condition);
  if (!isPlainObject(condition) || '$regex' in condition || Object.keys(condition).length === 0) throw DEFER;
  for (const operator in condition) {
    const operand = condition[operator];
    if (operator === '$eq' || operator === '$ne') {
      if (!isOperand(operand)) throw DEFER;
      if (equals(value, operand) !== (operator === '$eq')) return false;
    } else if (operator === '$exists') {
      if (typeof operand !== 'boolean') throw DEFER;
      if ((value !== undefined) !== operand) return false;
    } else if (operator === '$in' || operator === '$nin') {
      if (!Array.isArray(operand) || !operand.every(isScalar)) throw DEFER;
      if (isIn(value, operand) !== (operator === '$in')) return false;
    } else {
      if (RANGES[operator] === undefined || !(typeof operand === 'string' || typeof operand === 'boolean' || (typeof operand === 'number' && Number.isFinite(operand)))) throw DEFER;
      if (!inRange(value, operator, operand)) return false;
    }
  }
  return true;
}

function compileTest(filter: Filter, prepared: Prepared): Test {
  const tests: Test[] = Object.keys(filter).map((key): Test => {
    const condition = filter[key];
    if (key === '$and') return every((condition as Filter[]).map((clause) => compileTest(clause, prepared)));
    if (key === '$or') {
      const clauses = condition as Filter[];
      const plan = prepared.get(clauses) as OrPlan | undefined;
      if (plan === undefined) return some(clauses.map((clause) => compileTest(clause, prepared)));
      const searches = plan.searches.map((search): Test => {
        const each = some(search.clauses.map((clause) => compileTest(clause, prepared)));
        return (doc, holder) => searchText(search, doc, holder) ?? each(doc, holder);
      });
      return some([...searches, ...plan.rest.map((clause) => compileTest(clause, prepared))]);
    }
    return (doc) => matchesCondition(doc[key], condition, prepared);
  });
  return every(tests);
}

function every(tests: Test[]): Test {
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0] as Test;
  return (doc, holder) => {
    for (let i = 0; i < tests.length; i++) if (!(tests[i] as Test)(doc, holder)) return false;
    return true;
  };
}

function some(tests: Test[]): Test {
  if (tests.length === 1) return tests[0] as Test;
  return (doc, holder) => {
    for (let i = 0; i < tests.length; i++) if ((tests[i] as Test)(doc, holder)) return true;
    return false;
  };
}

// A clause of `$and` or `$or` may be empty, and then matches every document.
function isSupported(filter: Filter, prepared: Prepared): boolean {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0) return false;
      if (!condition.every((clause) => isPlainObject(clause) && isSupported(clause, prepared))) return false;
      const plan = key === '$or' ? planOr(condition as Filter[]) : null;
      if (plan) prepared.set(condition, plan);
    } else if (key.startsWith('$') || key.includes('.') || !isSupportedCondition(condition, prepared)) {
      return false;
    }
  }
  return true;
}

function isSupportedCondition(condition: unknown, prepared: Prepared): boolean {
  if (isOperand(condition)) return true;
  if (!isPlainObject(condition)) return false;
  const entries = Object.entries(condition);
  if ('$regex' in condition) return prepareRegex(condition, prepared);
  return (
    entries.length > 0 &&
    entries.every(([operator, operand]) => {
      if (operator === '$eq' || operator === '$ne') return isOperand(operand);
      if (operator === '$exists') return typeof operand === 'boolean';
      if (operator === '$in' || operator === '$nin') {
        if (!Array.isArray(operand) || !operand.every(isScalar)) return false;
        prepared.set(operand, new Set(operand));
        return true;
      }
      if (RANGES[operator] === undefined) return false;
      return typeof operand === 'string' || typeof operand === 'boolean' || (typeof operand === 'number' && Number.isFinite(operand));
    })
  );
}

// `{ $regex: 'text', $options: 'i' }` or without options; a pattern JavaScript cannot read goes to mingo.
function prepareRegex(condition: Record<string, unknown>, prepared: Prepared): boolean {
  const { $regex: pattern, $options: options = '', ...rest } = condition;
  if (Object.keys(rest).length > 0 || typeof pattern !== 'string' || (options !== '' && options !== 'i')) return false;
  try {
    prepared.set(condition, new RegExp(pattern, options as string));
    return true;
  } catch {
    return false;
  }
}

function matches(filter: Filter, doc: Doc, prepared: Prepared, holder: TextHolder | undefined): boolean {
  for (const key in filter) {
    const condition = filter[key];
    if (key === '$and') {
      for (const clause of condition as Filter[]) if (!matches(clause, doc, prepared, holder)) return false;
    } else if (key === '$or') {
      if (!matchesAny(condition as Filter[], doc, prepared, holder)) return false;
    } else if (!matchesCondition(doc[key], condition, prepared)) {
      return false;
    }
  }
  return true;
}

function matchesAny(clauses: Filter[], doc: Doc, prepared: Prepared, holder: TextHolder | undefined): boolean {
  const plan = prepared.get(clauses) as OrPlan | undefined;
  if (plan === undefined) {
    for (const clause of clauses) if (matches(clause, doc, prepared, holder)) return true;
    return false;
  }
  for (const search of plan.searches) {
    const found = searchText(search, doc, holder);
    if (found === true) return true;
    // Undecided by the joined text: its clauses as written.
    if (found === null) for (const clause of search.clauses) if (matches(clause, doc, prepared, holder)) return true;
  }
  for (const clause of plan.rest) if (matches(clause, doc, prepared, holder)) return true;
  return false;
}

function matchesCondition(value: unknown, condition: unknown, prepared: Prepared): boolean {
  if (!isPlainObject(condition)) return equals(value, condition as Operand);
  const regex = prepared.get(condition);
  if (regex instanceof RegExp) return matchesRegex(value, regex);
  for (const operator in condition) {
    const operand = condition[operator];
    if (operator === '$eq') {
      if (!equals(value, operand as Operand)) return false;
    } else if (operator === '$ne') {
      if (equals(value, operand as Operand)) return false;
    } else if (operator === '$exists') {
      if ((value !== undefined) !== operand) return false;
    } else if (operator === '$in' || operator === '$nin') {
      if (isIn(value, prepared.get(operand as object) as Set<unknown>) !== (operator === '$in')) return false;
    } else if (!inRange(value, operator, operand as Scalar)) {
      return false;
    }
  }
  return true;
}

const RANGES: Record<string, ((order: number) => boolean) | undefined> = {
  $gt: (order) => order > 0,
  $gte: (order) => order >= 0,
  $lt: (order) => order < 0,
  $lte: (order) => order <= 0,
};

// MongoDB equality: the value itself, or an element of an array value (one level).
// Null matches a missing field too, and an array holding null.
function equals(value: unknown, expected: Operand): boolean {
  if (expected === null) return value === null || value === undefined || (Array.isArray(value) && value.includes(null));
  return value === expected || (Array.isArray(value) && value.includes(expected));
}

// A Set, or the operand as written (testOnce): both compare by SameValueZero.
function isIn(value: unknown, set: Set<unknown> | readonly unknown[]): boolean {
  if (!Array.isArray(value)) {
    if (typeof value === 'number' && Number.isNaN(value)) throw DEFER;
    return Array.isArray(set) ? set.includes(value) : (set as Set<unknown>).has(value);
  }
  for (const item of value) if (Array.isArray(set) ? set.includes(item) : (set as Set<unknown>).has(item)) return true;
  return false;
}

// Strings, and strings in an array; nothing else matches a regular expression.
function matchesRegex(value: unknown, regex: RegExp): boolean {
  if (typeof value === 'string') return regex.test(value);
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item === 'string' && regex.test(item)) return true;
  return false;
}

// Type bracketing: only numbers compare with a number, strings with a string, booleans with a boolean
// (false first); and any element of an array may.
function inRange(value: unknown, operator: string, bound: Scalar): boolean {
  const accept = RANGES[operator] as (order: number) => boolean;
  if (!Array.isArray(value)) return inRangeScalar(value, accept, bound);
  for (const item of value) if (inRangeScalar(item, accept, bound)) return true;
  return false;
}

function inRangeScalar(value: unknown, accept: (order: number) => boolean, bound: Scalar): boolean {
  if (typeof bound === 'string') return typeof value === 'string' && accept(compareStrings(value, bound));
  if (typeof bound === 'boolean') return typeof value === 'boolean' && accept(Number(value) - Number(bound));
  if (typeof value !== 'number') return false;
  if (Number.isNaN(value)) throw DEFER;
  return accept(value < bound ? -1 : value > bound ? 1 : 0);
}

import type { Doc, Filter } from './port';
import { isPlainObject } from './memory-values';

// Every projection write is guarded by a filter such as
// `{ _id, $or: [{ _position: { $lt: p } }, { _position: { $exists: false } }] }`.
// mingo compiles a fresh query per call, which costs more than the write itself,
// so these few shapes are compiled here with mingo's exact semantics (a
// randomized test in memory.test.ts compares the two). Anything else, and any
// NaN met at run time, goes to mingo.

type Test = (doc: Doc) => boolean;

// Thrown by a fast test that meets a value only mingo should judge.
export const DEFER = Symbol('defer to mingo');

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value));
}

export function compileFastMatcher(filter: Filter): Test | null {
  const tests: Test[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0) return null;
      const parts = condition.map((clause) => (isPlainObject(clause) ? compileFastMatcher(clause) : null));
      if (parts.some((part) => part === null)) return null;
      const clauses = parts as Test[];
      tests.push(key === '$and' ? (doc) => clauses.every((test) => test(doc)) : (doc) => clauses.some((test) => test(doc)));
    } else if (key.startsWith('$') || key.includes('.')) {
      return null;
    } else {
      const test = compileField(key, condition);
      if (!test) return null;
      tests.push(test);
    }
  }
  if (tests.length === 0) return null;
  return tests.length === 1 ? (tests[0] as Test) : (doc) => tests.every((test) => test(doc));
}

function compileField(path: string, condition: unknown): Test | null {
  if (isScalar(condition)) return equals(path, condition);
  if (!isPlainObject(condition)) return null;
  const entries = Object.entries(condition);
  if (entries.length === 0) return null;
  const tests: Test[] = [];
  for (const [operator, operand] of entries) {
    if (operator === '$eq' && isScalar(operand)) tests.push(equals(path, operand));
    else if (operator === '$exists' && typeof operand === 'boolean') tests.push((doc) => (doc[path] !== undefined) === operand);
    else if (RANGES[operator] && typeof operand === 'number' && Number.isFinite(operand)) tests.push(inRange(path, RANGES[operator], operand));
    else return null;
  }
  return tests.length === 1 ? (tests[0] as Test) : (doc) => tests.every((test) => test(doc));
}

const RANGES: Record<string, ((value: number, bound: number) => boolean) | undefined> = {
  $gt: (value, bound) => value > bound,
  $gte: (value, bound) => value >= bound,
  $lt: (value, bound) => value < bound,
  $lte: (value, bound) => value <= bound,
};

// MongoDB equality: the value itself, or an element of an array value (one level).
function equals(path: string, expected: Scalar): Test {
  return (doc) => {
    const value = doc[path];
    return value === expected || (Array.isArray(value) && value.includes(expected));
  };
}

// Type bracketing: only numbers compare with a number, and any element of an array may.
function inRange(path: string, compare: (value: number, bound: number) => boolean, bound: number): Test {
  const test = (value: unknown): boolean => {
    if (typeof value !== 'number') return false;
    if (Number.isNaN(value)) throw DEFER;
    return compare(value, bound);
  };
  return (doc) => {
    const value = doc[path];
    return Array.isArray(value) ? value.some(test) : test(value);
  };
}

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
  // Checked once, then interpreted per document: compiling a closure per field
  // cost more than testing the one document an `_id` lookup finds.
  return isSupported(filter) ? (doc) => matches(filter, doc) : null;
}

function isSupported(filter: Filter): boolean {
  let fields = 0;
  for (const [key, condition] of Object.entries(filter)) {
    fields++;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0) return false;
      if (!condition.every((clause) => isPlainObject(clause) && isSupported(clause))) return false;
    } else if (key.startsWith('$') || key.includes('.') || !isSupportedCondition(condition)) {
      return false;
    }
  }
  return fields > 0;
}

function isSupportedCondition(condition: unknown): boolean {
  if (isScalar(condition)) return true;
  if (!isPlainObject(condition)) return false;
  const entries = Object.entries(condition);
  return (
    entries.length > 0 &&
    entries.every(([operator, operand]) => {
      if (operator === '$eq') return isScalar(operand);
      if (operator === '$exists') return typeof operand === 'boolean';
      return RANGES[operator] !== undefined && typeof operand === 'number' && Number.isFinite(operand);
    })
  );
}

function matches(filter: Filter, doc: Doc): boolean {
  for (const key in filter) {
    const condition = filter[key];
    if (key === '$and') {
      for (const clause of condition as Filter[]) if (!matches(clause, doc)) return false;
    } else if (key === '$or') {
      let any = false;
      for (const clause of condition as Filter[]) if ((any = matches(clause, doc))) break;
      if (!any) return false;
    } else if (!matchesCondition(doc[key], condition)) {
      return false;
    }
  }
  return true;
}

function matchesCondition(value: unknown, condition: unknown): boolean {
  if (!isPlainObject(condition)) return equals(value, condition as Scalar);
  for (const operator in condition) {
    const operand = condition[operator];
    if (operator === '$eq') {
      if (!equals(value, operand as Scalar)) return false;
    } else if (operator === '$exists') {
      if ((value !== undefined) !== operand) return false;
    } else if (!inRange(value, RANGES[operator] as (value: number, bound: number) => boolean, operand as number)) {
      return false;
    }
  }
  return true;
}

const RANGES: Record<string, ((value: number, bound: number) => boolean) | undefined> = {
  $gt: (value, bound) => value > bound,
  $gte: (value, bound) => value >= bound,
  $lt: (value, bound) => value < bound,
  $lte: (value, bound) => value <= bound,
};

// MongoDB equality: the value itself, or an element of an array value (one level).
function equals(value: unknown, expected: Scalar): boolean {
  return value === expected || (Array.isArray(value) && value.includes(expected));
}

// Type bracketing: only numbers compare with a number, and any element of an array may.
function inRange(value: unknown, compare: (value: number, bound: number) => boolean, bound: number): boolean {
  if (!Array.isArray(value)) return inRangeScalar(value, compare, bound);
  for (const item of value) if (inRangeScalar(item, compare, bound)) return true;
  return false;
}

function inRangeScalar(value: unknown, compare: (value: number, bound: number) => boolean, bound: number): boolean {
  if (typeof value !== 'number') return false;
  if (Number.isNaN(value)) throw DEFER;
  return compare(value, bound);
}

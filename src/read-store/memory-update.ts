import { randomBytes } from 'node:crypto';
import { $inc, $pull, $push, $set, $unset } from 'mingo/operators/update';
import type { Doc, Filter, Update } from './port';
import { cloneValue, equalValues, isPlainObject, type PlainObject } from './memory-values';

type Operator = (expression: PlainObject) => (doc: PlainObject) => string[];

// mingo's operator functions directly: its `update()` rebuilds a whole operator
// context per call, which costs ten times more than the update itself.
const OPERATORS: Record<string, Operator> = {
  $set,
  $inc: $inc as Operator,
  $push,
  $pull,
  $unset: $unset as Operator,
  $setOnInsert: $set,
};

export interface Updated {
  doc: Doc;
  /** Whether any value changed, when known without comparing whole documents. */
  changed?: boolean;
}

// Applies `update` to a copy of `before` and returns the copy. Throws where
// MongoDB refuses the update (conflicting paths, a changed `_id`, a type the
// operator cannot work on), which mingo on its own would ignore.
export function applyUpdate(before: Doc, update: Update, inserting: boolean): Updated {
  assertNoConflicts(update);
  const simple = applySimpleUpdate(before, update, inserting);
  if (simple) return simple;
  const after = cloneValue(before) as PlainObject;
  // mingo's operators may keep the update's own values in the document.
  for (const [operator, fields] of Object.entries(cloneValue(update) as Record<string, PlainObject>)) {
    if (operator === '$setOnInsert' && !inserting) continue;
    const expression = withoutId(after, operator, fields);
    for (const path of Object.keys(expression)) assertApplicable(after, operator, path);
    if (Object.keys(expression).length > 0) (OPERATORS[operator] as Operator)(expression)(after);
  }
  return { doc: after as Doc };
}

/**
 * The projections' everyday update ($set, $setOnInsert, $inc and a plain
 * $push on top-level fields other than `_id`) without mingo's general machinery: a shallow copy
 * with the new values. Nested values of `before` are shared with the copy,
 * which is safe because stored documents are never changed in place.
 * Returns undefined for any other update.
 */
function applySimpleUpdate(before: Doc, update: Update, inserting: boolean): Updated | undefined {
  // Keys walked in place, not as arrays of entries: every projection write comes through here.
  const operators = update as Record<string, PlainObject>;
  for (const operator in operators) {
    if (operator !== '$set' && operator !== '$setOnInsert' && operator !== '$inc' && operator !== '$push') return undefined;
    const fields = operators[operator] as PlainObject;
    for (const path in fields) {
      if (path === '_id' || path.includes('.') || path.startsWith('$')) return undefined;
      // $push with modifiers ($each, $slice, …) goes the general way.
      const value = fields[path];
      if (operator === '$push' && isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'))) return undefined;
    }
  }
  // A loop, not a spread: documents of every collection's shape come through here, and V8's spread of
  // objects of many shapes at one place takes its slow path (several times the loop's cost).
  const after: PlainObject = {};
  for (const key in before) after[key] = before[key];
  let changed = false;
  for (const operator in operators) {
    if (operator === '$setOnInsert' && !inserting) continue;
    const fields = operators[operator] as PlainObject;
    for (const path in fields) {
      const value = fields[path];
      const current = after[path];
      if (operator === '$push') {
        if (current !== undefined && !Array.isArray(current)) throw new Error(`The field '${path}' must be an array`);
        // A new array: the stored one may be shared with the document this replaces.
        after[path] = [...(current ?? []), cloneValue(value)];
        changed = true;
        continue;
      }
      if (operator !== '$inc') {
        // A value set to an equal one keeps its place among the fields, as MongoDB leaves it.
        if (current !== undefined && equalValues(current, value)) continue;
        after[path] = cloneValue(value);
        changed = true;
        continue;
      }
      if (typeof value !== 'number') throw new Error(`Cannot increment with non-numeric argument: {${path}: ${JSON.stringify(value)}}`);
      if (current !== undefined && typeof current !== 'number') throw new Error(`Cannot apply $inc to a value of non-numeric type at '${path}'`);
      after[path] = (current ?? 0) + value;
      changed ||= current === undefined || value !== 0;
    }
  }
  return { doc: after as Doc, changed };
}

// MongoDB seeds an upserted document with the filter's equality conditions (also inside `$and`).
export function seedFromFilter(filter: Filter): PlainObject {
  const seed: PlainObject = {};
  seedFrom(filter, seed);
  return seed;
}

// A function of its own, not a closure per call: every upsert that inserts seeds its document.
function seedFrom(clauses: Filter, seed: PlainObject): void {
  for (const path in clauses) {
    const condition = clauses[path];
    if (path === '$and') for (const clause of condition as Filter[]) seedFrom(clause, seed);
    if (path.startsWith('$') || condition instanceof RegExp) continue;
    const isOperator = isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'));
    if (!isOperator) setPath(seed, path, cloneValue(condition));
    else if ('$eq' in condition) setPath(seed, path, cloneValue(condition.$eq));
  }
}

// The app always upserts by `_id`. Without one MongoDB itself would make an ObjectId; both
// adapters make a string of the same shape instead (see mongodb.ts).
export function generateId(): string {
  const time = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}

function setPath(target: PlainObject, path: string, value: unknown): void {
  if (!path.includes('.')) {
    target[path] = value;
    return;
  }
  const segments = path.split('.');
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    node = isPlainObject(next) ? next : (node[segment] = {});
  }
  node[segments[segments.length - 1] as string] = value;
}

function assertNoConflicts(update: Update): void {
  const operators = update as Record<string, PlainObject>;
  let count = 0;
  let dotted = false;
  for (const operator in operators) {
    count++;
    for (const path in operators[operator]) dotted ||= path.includes('.');
  }
  // One operator's top-level paths are its object's keys, which cannot repeat: nothing to check (the projections' usual write).
  if (count < 2 && !dotted) return;
  const paths: string[] = [];
  for (const operator in operators) for (const path in operators[operator]) paths.push(path);
  // Top-level paths conflict only by repeating; the pairwise prefix check is for dotted ones.
  if (!dotted) {
    if (paths.length < 2) return;
    const seen = new Set<string>();
    for (const path of paths) {
      if (seen.has(path)) throw new Error(`Updating the path '${path}' would create a conflict at '${path}'`);
      seen.add(path);
    }
    return;
  }
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const [a, b] = [paths[i] as string, paths[j] as string];
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`)) {
        throw new Error(`Updating the path '${b}' would create a conflict at '${a}'`);
      }
    }
  }
}

// `_id` may be written only with the value it already has, or once on insert.
function withoutId(doc: PlainObject, operator: string, fields: PlainObject): PlainObject {
  const touchesId = Object.keys(fields).some((path) => path === '_id' || path.startsWith('_id.'));
  if (!touchesId) return fields;
  const settable = operator === '$set' || operator === '$setOnInsert';
  if (!settable || !('_id' in fields) || (doc._id !== undefined && doc._id !== fields._id)) {
    throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  doc._id = fields._id;
  const { _id: _ignored, ...rest } = fields;
  return rest;
}

function assertApplicable(doc: PlainObject, operator: string, path: string): void {
  const segments = path.split('.');
  let value: unknown = doc;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (isPlainObject(value)) value = value[segment];
    else if (Array.isArray(value) && /^\d+$/.test(segment)) value = value[Number(segment)];
    else if (value === undefined) return;
    else if (operator === '$unset' || operator === '$pull') return;
    else throw new Error(`Cannot create field '${segment}' in element {${segments[i - 1]}: ${JSON.stringify(value)}}`);
  }
  if (value === undefined) return;
  if (operator === '$inc' && typeof value !== 'number') throw new Error(`Cannot apply $inc to a value of non-numeric type at '${path}'`);
  if (operator === '$push' && !Array.isArray(value)) throw new Error(`The field '${path}' must be an array`);
  if (operator === '$pull' && !Array.isArray(value)) throw new Error(`Cannot apply $pull to a non-array value at '${path}'`);
}

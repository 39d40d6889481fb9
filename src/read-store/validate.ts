import type { Filter, FindOptions, Sort, Update } from './port';

// Both adapters refuse what the port does not declare, so a query that works
// on one backend cannot silently depend on an operator the other lacks.
// Every read and write passes through here (a rebuild, hundreds of thousands
// of times), so the checks walk keys without building arrays of entries.

const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex', '$options', '$not']);
const UPDATE_OPERATORS = new Set(['$set', '$inc', '$push', '$pull', '$setOnInsert', '$unset']);

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date || value instanceof RegExp) return false;
  const keys = Object.keys(value);
  let operators = 0;
  for (const key of keys) if (key.startsWith('$')) operators++;
  if (operators > 0 && operators !== keys.length) {
    throw new Error(`Mixing operators and fields in ${JSON.stringify(keys)}`);
  }
  return operators > 0;
}

export function assertDeclaredFilter(filter: Filter): void {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new Error('A filter must be an object');
  for (const key of Object.keys(filter)) {
    const value = filter[key];
    // The driver would drop the condition and match everything, e.g. deleteMany({ ownerId: undefined }).
    if (value === undefined) throw new Error(`The filter's value for ${key} is undefined`);
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0) throw new Error(`${key} needs a non-empty array`);
      for (const clause of value) assertDeclaredFilter(clause as Filter);
    } else if (key.startsWith('$')) {
      throw new Error(`Unsupported query operator ${key}`);
    } else if (isOperatorObject(value)) {
      assertFieldOperators(value);
    }
  }
}

function assertFieldOperators(expression: Record<string, unknown>): void {
  for (const operator of Object.keys(expression)) {
    const operand = expression[operator];
    if (!FIELD_OPERATORS.has(operator)) throw new Error(`Unsupported query operator ${operator}`);
    if (operand === undefined) throw new Error(`The operand of ${operator} is undefined`);
    if ((operator === '$in' || operator === '$nin') && !Array.isArray(operand)) throw new Error(`${operator} needs an array`);
    if (operator === '$options' && (!('$regex' in expression) || operand !== 'i')) throw new Error("$options must be 'i' beside $regex");
    if (operator === '$regex' && typeof operand !== 'string' && !(operand instanceof RegExp)) throw new Error('$regex needs a string or RegExp');
    if (operator === '$not' && !(operand instanceof RegExp)) {
      if (!isOperatorObject(operand)) throw new Error('$not needs an operator expression or a RegExp');
      assertFieldOperators(operand);
    }
  }
}

export function assertDeclaredUpdate(update: Update): void {
  const operators = Object.keys(update);
  if (operators.length === 0) throw new Error('An update needs at least one operator');
  for (const operator of operators) {
    const fields = (update as Record<string, unknown>)[operator];
    if (!UPDATE_OPERATORS.has(operator)) throw new Error(`Unsupported update operator ${operator}`);
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new Error(`${operator} needs an object`);
    for (const path of Object.keys(fields)) {
      const value = (fields as Record<string, unknown>)[path];
      assertFieldPath(path);
      if (operator === '$inc' && typeof value !== 'number') throw new Error(`$inc needs a number for ${path}`);
      if (operator === '$push' && isOperatorObject(value) && (Object.keys(value).some((key) => key !== '$each') || !Array.isArray(value.$each))) {
        throw new Error(`$push supports only $each (an array) for ${path}`);
      }
    }
  }
}

// No empty segment: not '', '.a', 'a.' or 'a..b'.
function assertFieldPath(path: string): void {
  if (path === '' || path.startsWith('$') || path.startsWith('.') || path.endsWith('.') || path.includes('..')) throw new Error(`Invalid field path '${path}'`);
}

function assertCount(name: 'skip' | 'limit', value: number | undefined): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new Error(`${name} must be a non-negative integer`);
}

export function assertFindOptions(options: FindOptions): void {
  assertCount('skip', options.skip);
  assertCount('limit', options.limit);
  if (options.sort) assertKeys(options.sort);
  if (options.projection) {
    let included = false;
    let excluded = false;
    for (const field of Object.keys(options.projection)) {
      const on = options.projection[field];
      assertFieldPath(field);
      if (on !== 0 && on !== 1) throw new Error(`Projection values are 0 or 1 (${field})`);
      if (on === 1) included = true;
      else if (field !== '_id') excluded = true;
    }
    if (included && excluded) throw new Error('A projection cannot both include and exclude fields');
  }
}

export function assertKeys(keys: Sort): void {
  const entries = Object.entries(keys);
  if (entries.length === 0) throw new Error('At least one key is needed');
  for (const [path, direction] of entries) {
    assertFieldPath(path);
    if (direction !== 1 && direction !== -1) throw new Error(`Directions are 1 or -1 (${path})`);
  }
}

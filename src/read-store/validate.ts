import type { Filter, FindOptions, Sort, Update } from './port';

// Both adapters refuse what the port does not declare, so a query that works
// on one backend cannot silently depend on an operator the other lacks.

const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex', '$options', '$not']);
const UPDATE_OPERATORS = new Set(['$set', '$inc', '$push', '$pull', '$setOnInsert', '$unset']);

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date || value instanceof RegExp) return false;
  const keys = Object.keys(value);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length > 0 && operators.length !== keys.length) {
    throw new Error(`Mixing operators and fields in ${JSON.stringify(keys)}`);
  }
  return operators.length > 0;
}

export function assertDeclaredFilter(filter: Filter): void {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new Error('A filter must be an object');
  for (const [key, value] of Object.entries(filter)) {
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
  for (const [operator, operand] of Object.entries(expression)) {
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
  const entries = Object.entries(update as Record<string, unknown>);
  if (entries.length === 0) throw new Error('An update needs at least one operator');
  for (const [operator, fields] of entries) {
    if (!UPDATE_OPERATORS.has(operator)) throw new Error(`Unsupported update operator ${operator}`);
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new Error(`${operator} needs an object`);
    for (const [path, value] of Object.entries(fields)) {
      assertFieldPath(path);
      if (operator === '$inc' && typeof value !== 'number') throw new Error(`$inc needs a number for ${path}`);
      if (operator === '$push' && isOperatorObject(value) && (Object.keys(value).some((key) => key !== '$each') || !Array.isArray(value.$each))) {
        throw new Error(`$push supports only $each (an array) for ${path}`);
      }
    }
  }
}

function assertFieldPath(path: string): void {
  if (path === '' || path.startsWith('$') || path.split('.').some((segment) => segment === '')) throw new Error(`Invalid field path '${path}'`);
}

export function assertFindOptions(options: FindOptions): void {
  for (const name of ['skip', 'limit'] as const) {
    const value = options[name];
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new Error(`${name} must be a non-negative integer`);
  }
  if (options.sort) assertKeys(options.sort);
  if (options.projection) {
    const kinds = new Set(Object.entries(options.projection).filter(([field, on]) => !(field === '_id' && on === 0)).map(([, on]) => on));
    if (kinds.size > 1) throw new Error('A projection cannot both include and exclude fields');
    for (const [field, on] of Object.entries(options.projection)) {
      assertFieldPath(field);
      if (on !== 0 && on !== 1) throw new Error(`Projection values are 0 or 1 (${field})`);
    }
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

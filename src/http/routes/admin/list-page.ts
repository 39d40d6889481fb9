import { z } from 'zod';
import { ValidationError } from '../../../domain/shared/errors';
import type { Collection, Doc, Filter, Sort } from '../../../read-store/port';
import { wholeNumberParam } from '../../platform/query-params';

export const INVALID_CURSOR = 'Invalid cursor';

/**
 * The paging half of every admin list's query (docs/decisions/0032-admin-list-contract.md);
 * each list `.extend()`s it with its own search and filters.
 */
export const listQuery = z.object({
  limit: wholeNumberParam('Limit must be between 1 and 100', 1, 100, 50),
  cursor: z.preprocess((value) => (value === '' ? undefined : value), z.string({ error: INVALID_CURSOR }).max(512, INVALID_CURSOR).optional()),
});

/** A filter's query parameter: absent or empty means no filter. */
export function optionalParam<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** `true` or `false`, absent or empty for either. */
export function booleanParam(message: string) {
  return optionalParam(z.enum(['true', 'false'], { error: message }).transform((value) => value === 'true'));
}

/** A day, YYYY-MM-DD, for date ranges; absent or empty for an open end. */
export function dayParam(message: string) {
  return optionalParam(
    z
      .string({ error: message })
      .max(10, { error: message, abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) && new Date(`${day}T00:00:00.000Z`).toISOString().startsWith(day), message),
  );
}

/** ISO timestamps in `field` from the start of day `from` to the end of day `to`, both UTC and both included. */
export function dayRangeFilter(field: string, from: string | undefined, to: string | undefined): Filter {
  const range: Record<string, string> = {};
  if (from !== undefined) range.$gte = `${from}T00:00:00.000Z`;
  if (to !== undefined) range.$lt = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString();
  return Object.keys(range).length === 0 ? {} : { [field]: range };
}

/** The search box of a list; blank means no search. */
export const searchParam = optionalParam(z.string({ error: 'Search must be text' }).trim().max(200, 'Search must be less than 200 characters'));

/** A search term as a case-insensitive regular expression that takes it literally. */
export function containsPattern(search: string): { $regex: string; $options: 'i' } {
  return { $regex: search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
}

/** Every filter that is not empty, as one. */
export function allOf(...filters: Filter[]): Filter {
  const present = filters.filter((filter) => Object.keys(filter).length > 0);
  if (present.length <= 1) return present[0] ?? {};
  return { $and: present };
}

export interface ListPage<T> {
  docs: T[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** Every document the filter matches, on all pages. */
  total: number;
}

type SortValue = string | number | boolean | null;
type Order = Array<[string, 1 | -1]>;

/**
 * One page of `filter` in `sort` order, by keyset: the cursor carries the last
 * item's sort values and `_id`, and the next page asks for what sorts after
 * them, so an item added or removed meanwhile never shifts or repeats a page
 * (an offset would). `_id` breaks ties, in the direction of the last sort key.
 */
export async function listPage<T extends Doc>(
  collection: Collection<T>,
  filter: Filter,
  sort: Sort,
  query: { limit: number; cursor?: string },
): Promise<ListPage<T>> {
  const order = withIdLast(sort);
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, order.length);
  const pageFilter = after === null ? filter : allOf(filter, afterFilter(order, after));
  // One more than asked says whether another page follows, without a second count.
  const [found, total] = await Promise.all([
    collection.find(pageFilter, { sort: Object.fromEntries(order), limit: query.limit + 1 }),
    collection.countDocuments(filter),
  ]);
  const docs = found.slice(0, query.limit);
  const last = docs[docs.length - 1];
  const nextCursor = found.length > query.limit && last !== undefined ? encodeCursor(order.map(([path]) => valueAt(last, path))) : null;
  return { docs, nextCursor, total };
}

function withIdLast(sort: Sort): Order {
  const order = Object.entries(sort).filter(([path]) => path !== '_id');
  const direction = sort._id ?? order[order.length - 1]?.[1] ?? 1;
  return [...order, ['_id', direction]];
}

function valueAt(doc: Doc, path: string): SortValue {
  let value: unknown = doc;
  for (const key of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return isSortValue(value) ? value : null;
}

function isSortValue(value: unknown): value is SortValue {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function encodeCursor(values: SortValue[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Anything but the values a cursor of this sort holds is refused, so a tampered cursor is a 400, never a 500. */
function decodeCursor(cursor: string, length: number): SortValue[] {
  let values: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(INVALID_CURSOR);
  }
  if (!Array.isArray(values) || values.length !== length || !values.every(isSortValue) || typeof values[length - 1] !== 'string') {
    throw new ValidationError(INVALID_CURSOR);
  }
  return values;
}

/**
 * What sorts after `values`: a later first key, or the same first key and a
 * later second, and so on down to `_id`. Null and missing sort lowest, as in MongoDB.
 */
function afterFilter(order: Order, values: SortValue[]): Filter {
  const clauses: Filter[] = [];
  const equal: Filter = {};
  order.forEach(([path, direction], i) => {
    const value = values[i] as SortValue;
    const later = laterThan(path, direction, value);
    if (later !== null) clauses.push({ ...equal, ...later });
    equal[path] = value;
  });
  return clauses.length === 0 ? { _id: { $exists: false } } : { $or: clauses };
}

function laterThan(path: string, direction: 1 | -1, value: SortValue): Filter | null {
  if (value === null) return direction === 1 ? { [path]: { $ne: null } } : null;
  if (direction === 1) return { [path]: { $gt: value } };
  return { $or: [{ [path]: { $lt: value } }, { [path]: null }] };
}

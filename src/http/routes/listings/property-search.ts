import { z } from 'zod';
import type { ListingSearch, ListingSort, ListingState } from '../../../contract/listings/listing-search';
import { CLOSING_WINDOW_MS, LISTING_SORTS, LISTING_STATES } from '../../../contract/listings/listing-search';
import { PROPERTY_TYPES } from '../../../contract/listings/listings';
import { MESSAGES } from '../../../contract/listings/listing-requests';
import { SERVICE_AREAS } from '../../../contract/service-areas';
import { ValidationError } from '../../../domain/shared/errors';
import type { PropertyDoc } from '../../../projections/listings/properties';
import { ENDING_SOON, FEWEST_BIDS, NEWEST_FIRST } from '../../../projections/listings/properties';
import type { Filter, Sort } from '../../../read-store/port';
import { INVALID_CURSOR, optionalParam, searchParam } from '../admin/list-page';

// /home's search, filters and orders (docs/decisions/0036-listing-search.md).

function minimumParam(message: string) {
  return optionalParam(
    z
      .string({ error: message })
      // The length aborts the checks, so the pattern never reads a long input (docs/decisions/0021).
      .max(16, { error: message, abort: true })
      .regex(/^\d+$/, message)
      .transform(Number)
      .pipe(z.number().min(1, message)),
  );
}

/** The filters and order GET /api/properties takes beside its paging. */
export const listingSearchFields = {
  search: searchParam,
  propertyType: optionalParam(z.enum(PROPERTY_TYPES, { error: MESSAGES.propertyType })),
  minBedrooms: minimumParam('Minimum bedrooms must be a whole number of at least 1'),
  minBathrooms: minimumParam('Minimum bathrooms must be a whole number of at least 1'),
  state: optionalParam(z.enum(LISTING_STATES, { error: 'State must be open, closing or closed' })),
  sort: optionalParam(z.enum(LISTING_SORTS, { error: 'Sort must be newest, ending or fewest_bids' })),
  area: optionalParam(z.enum(SERVICE_AREAS, { error: MESSAGES.area })),
};

/**
 * Active listings that match every filter given; bidding state is judged at
 * `now`. One flat object, no `$and`, with the cursor's keys (listedPosition or
 * `$or`) left free: the memory store narrows by an indexed equality only at the top level.
 */
export function listingFilter(query: Omit<ListingSearch, 'sort'>, now: Date): Filter {
  return {
    isActive: true,
    ...(query.search ? { searchText: { $regex: escapeRegex(query.search.toLowerCase()) } } : {}),
    ...(query.propertyType ? { propertyType: query.propertyType } : {}),
    ...(query.area ? { area: query.area } : {}),
    ...(query.minBedrooms !== undefined ? { bedrooms: { $gte: query.minBedrooms } } : {}),
    ...(query.minBathrooms !== undefined ? { bathrooms: { $gte: query.minBathrooms } } : {}),
    ...(query.state ? stateFilter(query.state, now) : {}),
  };
}

function stateFilter(state: ListingState, now: Date): Filter {
  const at = now.toISOString();
  switch (state) {
    case 'open':
      return { biddingEndsAt: { $gt: at } };
    case 'closing':
      return { biddingEndsAt: { $gt: at, $lte: new Date(now.getTime() + CLOSING_WINDOW_MS).toISOString() } };
    case 'closed':
      return { biddingEndsAt: { $lte: at } };
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Each order and its keyset: every one ends in the unique listedPosition,
 * descending, so the cursor is the last item's first key (when there is one
 * besides the position) and its position, and "after" needs no `_id`.
 */
interface Order {
  sort: Sort;
  /** The first key's value as the cursor carries it (digits), or null when the position alone orders. */
  keyOf: ((doc: PropertyDoc) => number) | null;
  after: (key: number | null, position: number) => Filter;
}

const ORDERS: Record<ListingSort, Order> = {
  newest: {
    sort: NEWEST_FIRST,
    keyOf: null,
    after: (_key, position) => ({ listedPosition: { $lt: position } }),
  },
  ending: {
    sort: ENDING_SOON,
    keyOf: (doc) => Date.parse(doc.biddingEndsAt),
    after: (key, position) => {
      const endsAt = new Date(key ?? 0).toISOString();
      return { $or: [{ biddingEndsAt: { $gt: endsAt } }, { biddingEndsAt: endsAt, listedPosition: { $lt: position } }] };
    },
  },
  fewest_bids: {
    sort: FEWEST_BIDS,
    keyOf: (doc) => doc.bidCount,
    after: (key, position) => ({ $or: [{ bidCount: { $gt: key ?? 0 } }, { bidCount: key ?? 0, listedPosition: { $lt: position } }] }),
  },
};

export function sortOf(sort: ListingSort | undefined): Sort {
  return ORDERS[sort ?? 'newest'].sort;
}

/** Where the page after `doc` starts: `position`, or `key.position` for the orders with a key of their own. */
export function cursorAfter(doc: PropertyDoc, sort: ListingSort | undefined): string {
  const { keyOf } = ORDERS[sort ?? 'newest'];
  return keyOf === null ? String(doc.listedPosition) : `${keyOf(doc)}.${doc.listedPosition}`;
}

/** The filter for what follows `cursor` in `sort` order; a cursor of another order is refused. */
export function afterCursor(cursor: string, sort: ListingSort | undefined): Filter {
  const order = ORDERS[sort ?? 'newest'];
  const parts = cursor.split('.').map(Number);
  const [first, second] = parts;
  if (order.keyOf === null) {
    if (parts.length !== 1 || first === undefined) throw new ValidationError(INVALID_CURSOR);
    return order.after(null, first);
  }
  // Date's own limit: a key past it would be no time at all.
  if (parts.length !== 2 || first === undefined || second === undefined || first > 8.64e15) throw new ValidationError(INVALID_CURSOR);
  return order.after(first, second);
}

/** The cursor's form, checked before the route reads it (digits, or digits.digits). */
export const listingCursorParam = z
  .string({ error: INVALID_CURSOR })
  .max(33, { error: INVALID_CURSOR, abort: true })
  .regex(/^\d{1,16}(\.\d{1,16})?$/, INVALID_CURSOR)
  .optional();

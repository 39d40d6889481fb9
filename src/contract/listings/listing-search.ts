/*
 * /home's search as the server takes it and the web client sends it
 * (GET /api/properties, docs/decisions/0036-listing-search.md): one list of
 * bidding states and orders, so the filter bar offers exactly what the route accepts.
 */
import type { PropertyType } from './listings';
import type { ServiceArea } from '../service-areas';

/** Open: bidding has not ended. Closing: open, and ends within CLOSING_WINDOW_MS. Closed: ended. */
export const LISTING_STATES = ['open', 'closing', 'closed'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** Newest listed first; soonest bidding end first; fewest standing bids first. Ties: newest first. */
export const LISTING_SORTS = ['newest', 'ending', 'fewest_bids'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const CLOSING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The query parameters beside paging; absent means no filter (and `newest`). */
export interface ListingSearch {
  search?: string | undefined;
  propertyType?: PropertyType | undefined;
  minBedrooms?: number | undefined;
  minBathrooms?: number | undefined;
  state?: ListingState | undefined;
  sort?: ListingSort | undefined;
  /** One of the service areas (docs/decisions/0060). */
  area?: ServiceArea | undefined;
}

import type { ListingSearch, ListingSort, ListingState } from '../../../../contract/listings/listing-search';
import { LISTING_SORTS, LISTING_STATES } from '../../../../contract/listings/listing-search';
import { PROPERTY_TYPES, type PropertyType } from '../../../../contract/listings/listings';
import { SERVICE_AREAS, type ServiceArea } from '../../../../contract/service-areas';

/** The most a search box sends (the server refuses more than 200 characters). */
export const MAX_SEARCH_LENGTH = 200;

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

// The address bar may hold a number (TanStack parses `3` as JSON) or text typed by hand.
function atLeastOne(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 1 && number <= 100 ? number : undefined;
}

/**
 * /home's filters from its address: what the server would accept, and
 * nothing for a value it would refuse, so a mistyped or stale link still opens the page.
 */
export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const text = typeof search.search === 'string' ? search.search.trim().slice(0, MAX_SEARCH_LENGTH) : typeof search.search === 'number' ? String(search.search) : '';
  return withoutEmpty({
    search: text === '' ? undefined : text,
    propertyType: oneOf<PropertyType>(PROPERTY_TYPES, search.propertyType),
    minBedrooms: atLeastOne(search.minBedrooms),
    minBathrooms: atLeastOne(search.minBathrooms),
    state: oneOf<ListingState>(LISTING_STATES, search.state),
    sort: oneOf<ListingSort>(LISTING_SORTS, search.sort),
    area: oneOf<ServiceArea>(SERVICE_AREAS, search.area),
  });
}

/** Only the filters that are set, so equal searches make equal query keys and clean addresses. */
export function withoutEmpty(search: ListingSearch): ListingSearch {
  return Object.fromEntries(Object.entries(search).filter(([key, value]) => value !== undefined && value !== '' && !(key === 'sort' && value === 'newest'))) as ListingSearch;
}

/** True when anything but the order narrows the list. */
export function isFiltered(search: ListingSearch): boolean {
  return search.search !== undefined || search.propertyType !== undefined || search.minBedrooms !== undefined || search.minBathrooms !== undefined || search.state !== undefined || search.area !== undefined;
}

/** GET /api/properties's query for these filters, without paging. */
export function toQueryString(search: ListingSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(withoutEmpty(search))) params.set(key, String(value));
  return params.toString();
}

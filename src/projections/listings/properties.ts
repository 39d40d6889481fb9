import { isAccountEvent } from '../../domain/accounts/events';
import { refundLeavesListing } from '../../domain/bidding/policies';
import type { BidSelected } from '../../domain/bidding/selection';
import { isSelectionEvent } from '../../domain/bidding/selection';
import type { PropertyDetails, PropertyEvent } from '../../domain/listings/events';
import { isPropertyEvent } from '../../domain/listings/events';
import { assertNever } from '../../domain/shared/decider';
import type { RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import type { Projection } from '../projection';
import { areaOfListing } from '../../contract/service-areas';
import type { ServiceArea } from '../../contract/service-areas';
import { deleteOnce, insertOnce, updateOnce } from '../projection';

export const PROPERTIES = 'properties';

/** One listing as every property answer is built from it. */
export type PropertyDoc = PropertyDetails & {
  _id: string;
  ownerId: string;
  biddingEndsAt: string;
  isActive: boolean;
  minBidAmount: number;
  createdAt: string;
  /** Bids placed and not refunded, from realtors' account streams (BidPlaced, BidRefunded). */
  bidCount: number;
  /** The service area it is in, or null (docs/decisions/0060): chosen by the owner, or for older listings their location's city. */
  area: ServiceArea | null;
  /** The owner selected a bid (BidSelected): the listing's cards say 'Realtor chosen'. Absent on documents written before. */
  realtorChosen?: boolean;
  /**
   * Title, location and address in lower case, one a line: what /home's search
   * box matches with one case-sensitive test (docs/decisions/0036-listing-search.md).
   * Absent on documents written before; a rebuild writes it.
   */
  searchText?: string;
  /**
   * The log position of PropertyListed: newest first is descending, and the
   * paging cursor. Unique and numeric, so pages need no tie-breaker and the
   * memory store matches it without mingo (docs/decisions/0012).
   */
  listedPosition: number;
  _position?: number;
};

/**
 * The order of every list of listings, and the keys of their index. isActive
 * follows the unique position, so it never changes the order; it is in the
 * index so MongoDB filters inactive listings from index keys alone. It must
 * not lead: the memory store would then gather every active listing as
 * candidates (ms per page) instead of walking the index (µs).
 */
export const NEWEST_FIRST = { listedPosition: -1, isActive: 1 } as const;

/**
 * The other orders of /home (docs/decisions/0036-listing-search.md), each
 * ending in the unique position so a page needs no other tie-breaker, and each
 * an index of its own, so both read stores walk it rather than sort.
 */
export const ENDING_SOON = { biddingEndsAt: 1, listedPosition: -1 } as const;
export const FEWEST_BIDS = { bidCount: 1, listedPosition: -1 } as const;
/** A property type's listings, newest first: the filter realtors use most narrows before the walk. */
export const TYPE_NEWEST_FIRST = { propertyType: 1, listedPosition: -1 } as const;
/** An area's listings, newest first: what a realtor filters /home by, and what the new-listing alerts name. */
export const AREA_NEWEST_FIRST = { area: 1, listedPosition: -1 } as const;

/** What the search box matches (see `searchText`). */
export function searchTextOf(details: Pick<PropertyDetails, 'title' | 'location' | 'address'>): string {
  return [details.title, details.location, details.address].join('\n').toLowerCase();
}

/** A bid placed counts; a refunded one no longer stands (src/domain/accounts/events.ts). */
function bidCountChange(event: RecordedEvent): { propertyId: string; delta: 1 | -1 } | null {
  if (!isAccountEvent(event)) return null;
  if (event.type === 'BidPlaced') return { propertyId: event.data.propertyId, delta: 1 };
  // A courtesy refund leaves the bid on its listing (docs/decisions/0059).
  if (event.type === 'BidRefunded') return refundLeavesListing(event.data.reason) ? { propertyId: event.data.propertyId, delta: -1 } : null;
  return null;
}

/** The `properties` read model: listings, their state, their bid counts and whether a realtor was chosen. */
export function createPropertiesProjection(): Projection {
  return {
    name: PROPERTIES,
    collections: [PROPERTIES],
    // 2: every document has its `area` (docs/decisions/0060).
    version: 2,
    async setup(store) {
      const properties = store.collection<PropertyDoc>(PROPERTIES);
      // Pages of listings, newest first, active ones for the home page (see NEWEST_FIRST).
      await properties.createIndex(NEWEST_FIRST);
      // /home's other orders and its property type filter.
      await properties.createIndex(ENDING_SOON);
      await properties.createIndex(FEWEST_BIDS);
      await properties.createIndex(TYPE_NEWEST_FIRST);
      await properties.createIndex(AREA_NEWEST_FIRST);
      // An owner's own listings.
      await properties.createIndex({ ownerId: 1 });
    },
    async apply(event, store) {
      const properties = store.collection<PropertyDoc>(PROPERTIES);
      if (isPropertyEvent(event)) return applyPropertyEvent(event, store);
      if (isSelectionEvent(event)) {
        const { propertyId } = (event as RecordedEvent & BidSelected).data;
        await updateOnce(properties, propertyId, event.position, { $set: { realtorChosen: true } });
        return;
      }
      const change = bidCountChange(event);
      // A bid on a deleted listing meets its tombstone, which no write matches.
      if (change) await updateOnce(properties, change.propertyId, event.position, { $inc: { bidCount: change.delta } });
      return;
    },
  };
}

async function applyPropertyEvent(event: RecordedEvent & PropertyEvent, store: ReadStore): Promise<void> {
  const properties = store.collection<PropertyDoc>(PROPERTIES);
  const { position } = event;
  switch (event.type) {
    case 'PropertyListed': {
      const { propertyId, listedAt, ...fields } = event.data;
      // Only this event creates the document, so a plain insert (cheaper than an upsert at rebuild) is idempotent.
      await insertOnce(properties, { _id: propertyId, ...fields, area: areaOfListing(fields), isActive: true, createdAt: listedAt, bidCount: 0, listedPosition: position, searchText: searchTextOf(fields) }, position);
      return;
    }
    case 'PropertyUpdated': {
      const { title, description, propertyType, bedrooms, bathrooms, address, location, images, vibeMetrics, area } = event.data;
      await updateOnce(properties, event.data.propertyId, position, {
        $set: { title, description, propertyType, bedrooms, bathrooms, address, location, images, vibeMetrics, area: areaOfListing({ area, location }), searchText: searchTextOf({ title, location, address }) },
      });
      return;
    }
    case 'PropertyActivationToggled':
      await updateOnce(properties, event.data.propertyId, position, { $set: { isActive: event.data.isActive } });
      return;
    case 'PropertyDeleted':
      // A tombstone, not a delete: a node still applying PropertyListed or an update must not bring the listing back.
      await deleteOnce(properties, event.data.propertyId, position);
      return;
    default:
      assertNever(event);
  }
}

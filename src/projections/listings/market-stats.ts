import type { MarketAreaStats, MarketStats, MarketStatsWindow } from '../../contract/listings/market-stats';
import { MARKET_WINDOW_DAYS, MINIMUM_GROUP, OTHER_AREAS } from '../../contract/listings/market-stats';
import type { BidPlaced } from '../../domain/accounts/events';
import type { RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import { areaKey, listingArea, tidyArea } from './listing-area';
import type { Projection } from '../projection';
import { upsertOnce } from '../projection';
import { userStream, propertyStream } from '../../domain/shared/stream-ids';

/** One document per listing: its area, when it went live, its bids' ids and the first bid's time. */
export const MARKET_LISTINGS = 'market_listings';

export type MarketListingDoc = {
  _id: string;
  area: string;
  listedAt: string | null;
  /** Every bid placed on the listing, refunded or not: a set, never a counter, so a redelivered BidPlaced counts once (docs/decisions/0040). */
  bidIds: string[];
  firstBidAt: string | null;
  _position?: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The `market_listings` read model (docs/decisions/0040): a document per
 * listing with nothing that names anyone. The public stats are aggregated
 * from it per request by `computeMarketStats`.
 */
export function createMarketStatsProjection(): Projection {
  return {
    name: 'market_stats',
    collections: [MARKET_LISTINGS],
    handles: ['PropertyListed', 'PropertyUpdated', 'BidPlaced'],
    async setup(store) {
      await store.collection<MarketListingDoc>(MARKET_LISTINGS).createIndex({ listedAt: 1 });
    },
    async apply(event, store) {
      if (propertyStream.owns(event.streamId)) return applyListingEvent(event, store);
      if (userStream.owns(event.streamId) && event.type === 'BidPlaced') {
        const { bidId, propertyId, at } = (event as RecordedEvent & BidPlaced).data;
        const listings = store.collection<MarketListingDoc>(MARKET_LISTINGS);
        // Both writes are idempotent by themselves, in any order and on any node: the id joins the set once, and the first bid's time only moves earlier.
        await listings.updateOne({ _id: propertyId, bidIds: { $ne: bidId } }, { $push: { bidIds: bidId } });
        await listings.updateOne({ _id: propertyId, $or: [{ firstBidAt: null }, { firstBidAt: { $gt: at } }] }, { $set: { firstBidAt: at } });
      }
    },
  };
}

async function applyListingEvent(event: RecordedEvent, store: ReadStore): Promise<void> {
  // Deletion and deactivation change nothing here: the listing went live, and it counts as listed.
  if (event.type !== 'PropertyListed' && event.type !== 'PropertyUpdated') return;
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  const area = listingArea(data);
  const set: Record<string, unknown> = {};
  if (area !== undefined) set.area = area;
  if (event.type === 'PropertyListed') set.listedAt = typeof data.listedAt === 'string' ? data.listedAt : null;
  const onInsert = Object.fromEntries(Object.entries({ area: '', listedAt: null, bidIds: [], firstBidAt: null }).filter(([key]) => !(key in set)));
  const id = propertyStream.idIn(event.streamId);
  // The bids' fields are left to BidPlaced, which never moves the document's position.
  await upsertOnce(store.collection<MarketListingDoc>(MARKET_LISTINGS), id, event.position, { $set: set, $setOnInsert: onInsert });
}

/** A listing that went live in the widest window, with its bids as recorded (the clock moves the windows, not the bids). */
type ListingFacts = { key: string; spelling: string; listedAt: number; bids: number; firstBidAt: number | null };

/**
 * GET /api/stats/areas at `now`: one read by index (the listings that went
 * live in the widest window), grouped here. An area shows only with MINIMUM_GROUP listings in the window; the rest
 * are summed into OTHER_AREAS when that sum reaches it, else left out.
 */
export async function computeMarketStats(store: ReadStore, now: Date): Promise<MarketStats> {
  const widest = Math.max(...MARKET_WINDOW_DAYS);
  const since = new Date(now.getTime() - widest * DAY_MS).toISOString();
  const until = now.toISOString();
  const listings = await store.collection<MarketListingDoc>(MARKET_LISTINGS).find({ listedAt: { $gt: since, $lte: until } });
  const facts: ListingFacts[] = [];
  for (const listing of listings) {
    if (listing.listedAt === null) continue;
    facts.push({
      key: areaKey(listing.area),
      spelling: tidyArea(listing.area),
      listedAt: Date.parse(listing.listedAt),
      bids: listing.bidIds?.length ?? 0,
      firstBidAt: listing.firstBidAt ? Date.parse(listing.firstBidAt) : null,
    });
  }
  const windows: MarketStatsWindow[] = MARKET_WINDOW_DAYS.map((days) => {
    const from = now.getTime() - days * DAY_MS;
    return { days, areas: aggregateAreas(facts.filter((listing) => listing.listedAt > from)) };
  });
  return { windows, minimumGroup: MINIMUM_GROUP, asOf: until };
}

function aggregateAreas(listings: ListingFacts[]): MarketAreaStats[] {
  const groups = new Map<string, ListingFacts[]>();
  for (const listing of listings) {
    const group = groups.get(listing.key);
    if (group) group.push(listing);
    else groups.set(listing.key, [listing]);
  }
  const shown: MarketAreaStats[] = [];
  const others: ListingFacts[] = [];
  for (const [key, group] of groups) {
    // A listing without a location has no area of its own to show.
    if (key !== '' && group.length >= MINIMUM_GROUP) shown.push(summarise(mostCommonSpelling(group), group));
    else others.push(...group);
  }
  shown.sort((a, b) => b.listings - a.listings || a.area.localeCompare(b.area));
  if (others.length >= MINIMUM_GROUP) shown.push(summarise(OTHER_AREAS, others));
  return shown;
}

function summarise(area: string, group: ListingFacts[]): MarketAreaStats {
  const bids = group.reduce((sum, listing) => sum + listing.bids, 0);
  const hours = group.flatMap((listing) => (listing.firstBidAt === null ? [] : [(listing.firstBidAt - listing.listedAt) / HOUR_MS]));
  return {
    area,
    listings: group.length,
    averageBidsPerListing: oneDecimal(bids / group.length),
    medianHoursToFirstBid: hours.length >= MINIMUM_GROUP ? oneDecimal(median(hours)) : null,
  };
}

// Ties go to the alphabetically first spelling, so the name does not change between requests.
function mostCommonSpelling(group: ListingFacts[]): string {
  const counts = new Map<string, number>();
  for (const { spelling } of group) counts.set(spelling, (counts.get(spelling) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? OTHER_AREAS;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

import type { BidPlaced, BidRefunded } from '../../domain/accounts/events';
import { BID_COST } from '../../domain/accounts/bids';
import { refundLeavesListing } from '../../domain/bidding/policies';
import { PROPERTY_EVENT_TYPES, isPropertyEventType } from '../../domain/bidding/property-facts';
import type { BidSelected } from '../../domain/bidding/selection';
import { isSelectionEvent } from '../../domain/bidding/selection';
import type { RealtorInsights } from '../../contract/realtor-profiles/realtor-insights';
import type { RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import type { Projection } from '../projection';
import { listingArea } from '../listings/listing-area';
import { insertOnce, updateOnce, upsertOnce } from '../projection';
import { userStream, propertyStream } from '../../domain/shared/stream-ids';

export const REALTOR_INSIGHTS = 'realtor_insights';
/** What the insights need of each listing: when it was listed, its area, when bidding ends and which bid won. */
export const REALTOR_INSIGHT_LISTINGS = 'realtor_insight_listings';

/** One bid of one realtor. A document per bid, never a counter, so a redelivered event writes nothing twice (docs/decisions/0039). */
export type InsightBidDoc = {
  _id: string;
  realtorId: string;
  propertyId: string;
  placedAt: string;
  credits: number;
  refunded: boolean;
  _position?: number;
};

export type InsightListingDoc = {
  _id: string;
  listedAt: string | null;
  /** The listing's location ('City, State'): the area its bids and wins count in. */
  area: string;
  biddingEndsAt: string | null;
  selectedBidId: string | null;
  _position?: number;
};

/**
 * The `realtor_insights` read model (docs/decisions/0039): every bid with its
 * cost and whether it was refunded, from the realtors' account streams, and
 * beside it the few facts of each listing the insights join at read time.
 * Win rate, median time to bid and credits per win are computed per request,
 * at the request's clock, by `computeRealtorInsights`.
 */
export function createRealtorInsightsProjection(): Projection {
  return {
    name: REALTOR_INSIGHTS,
    collections: [REALTOR_INSIGHTS, REALTOR_INSIGHT_LISTINGS],
    handles: [...PROPERTY_EVENT_TYPES, 'BidSelected', 'BidPlaced', 'BidRefunded'],
    async setup(store) {
      await store.collection<InsightBidDoc>(REALTOR_INSIGHTS).createIndex({ realtorId: 1 });
    },
    async apply(event, store) {
      if (propertyStream.owns(event.streamId) && isPropertyEventType(event.type)) return applyListingEvent(event, store);
      if (isSelectionEvent(event)) {
        const { propertyId, bidId } = (event as RecordedEvent & BidSelected).data;
        await upsertOnce(store.collection<InsightListingDoc>(REALTOR_INSIGHT_LISTINGS), propertyId, event.position, {
          $set: { selectedBidId: bidId },
          $setOnInsert: { listedAt: null, area: '', biddingEndsAt: null },
        });
        return;
      }
      if (!userStream.owns(event.streamId)) return;
      const bids = store.collection<InsightBidDoc>(REALTOR_INSIGHTS);
      if (event.type === 'BidPlaced') {
        const { bidId, propertyId, at } = (event as RecordedEvent & BidPlaced).data;
        const realtorId = userStream.idIn(event.streamId);
        await insertOnce(bids, { _id: bidId, realtorId, propertyId, placedAt: at, credits: BID_COST, refunded: false }, event.position);
      } else if (event.type === 'BidRefunded') {
        const { bidId, reason } = (event as RecordedEvent & BidRefunded).data;
        // A deletion takes the bid away; a courtesy refund gives its credit back and the bid still counts (docs/decisions/0059).
        await updateOnce(bids, bidId, event.position, { $set: refundLeavesListing(reason) ? { refunded: true } : { credits: 0 } });
      }
    },
  };
}

async function applyListingEvent(event: RecordedEvent, store: ReadStore): Promise<void> {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const set: Record<string, unknown> = {};
  if (event.type === 'PropertyListed') {
    set.listedAt = text(data.listedAt) ?? null;
    set.area = listingArea(data) ?? '';
    set.biddingEndsAt = text(data.biddingEndsAt) ?? null;
  } else if (event.type === 'PropertyUpdated') {
    // An edit carries the details in full; the bidding end only when it moved.
    const area = listingArea(data);
    if (area !== undefined) set.area = area;
    if (text(data.biddingEndsAt) !== undefined) set.biddingEndsAt = text(data.biddingEndsAt);
  } else {
    return;
  }
  const id = propertyStream.idIn(event.streamId);
  const onInsert = Object.fromEntries(
    Object.entries({ listedAt: null, area: '', biddingEndsAt: null, selectedBidId: null }).filter(([key]) => !(key in set)),
  );
  await upsertOnce(store.collection<InsightListingDoc>(REALTOR_INSIGHT_LISTINGS), id, event.position, { $set: set, $setOnInsert: onInsert });
}

/** The realtor's insights at `now`: bidding has ended on a listing once `now` reaches its end. */
export async function computeRealtorInsights(store: ReadStore, realtorId: string, now: Date): Promise<RealtorInsights> {
  const bids = (await store.collection<InsightBidDoc>(REALTOR_INSIGHTS).find({ realtorId })).filter((bid) => !bid.refunded);
  const propertyIds = [...new Set(bids.map((bid) => bid.propertyId))];
  const listings = propertyIds.length === 0 ? [] : await store.collection<InsightListingDoc>(REALTOR_INSIGHT_LISTINGS).find({ _id: { $in: propertyIds } });
  const byId = new Map(listings.map((listing) => [listing._id, listing]));
  let closedBids = 0;
  let wins = 0;
  let creditsSpent = 0;
  const minutes: number[] = [];
  const areas = new Map<string, { area: string; bids: number; wins: number }>();
  for (const bid of bids) {
    const listing = byId.get(bid.propertyId);
    creditsSpent += bid.credits;
    const won = listing?.selectedBidId === bid._id;
    if (listing?.biddingEndsAt && Date.parse(listing.biddingEndsAt) <= now.getTime()) closedBids += 1;
    if (won) wins += 1;
    if (listing?.listedAt) minutes.push(Math.max(0, Math.round((Date.parse(bid.placedAt) - Date.parse(listing.listedAt)) / 60_000)));
    const name = listing?.area || 'Unknown area';
    const area = areas.get(name) ?? { area: name, bids: 0, wins: 0 };
    area.bids += 1;
    if (won) area.wins += 1;
    areas.set(name, area);
  }
  return {
    closedBids,
    wins,
    winRate: closedBids === 0 ? null : wins / closedBids,
    medianMinutesToBid: median(minutes),
    creditsSpent,
    creditsPerWin: wins === 0 ? null : creditsSpent / wins,
    areas: [...areas.values()].sort((a, b) => b.bids - a.bids || a.area.localeCompare(b.area)),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

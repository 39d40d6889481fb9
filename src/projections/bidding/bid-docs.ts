import type { PropertyFacts } from '../../domain/bidding/property-facts';

/** The documents of the `bids` and `bid_properties` read models: what the projection (bids.ts) writes and the views (bid-views.ts) and queries read. */
export const BIDS = 'bids';
/** What bidding knows of each listing: owner, title, bidding window, bid count and the selection. Kept after deletion. */
export const BID_PROPERTIES = 'bid_properties';

export type BidDoc = {
  _id: string;
  propertyId: string;
  realtorId: string;
  amount: number;
  message: string;
  createdAt: string;
  updatedAt: string;
  /** Set when the bid's credit came back with its listing's deletion; the bid stays, so its realtor and the back office see it refunded. Its status is derived (src/domain/bidding/bid-status.ts). */
  refundedAt: string | null;
  /** When the owner first loaded the bid (BidSeen); absent on documents written before. */
  seenAt?: string | null;
  /** A courtesy refund (docs/decisions/0059): the credit came back and the bid stays on its listing, selectable. */
  creditReturned?: { at: string; reason: string } | null;
  _position?: number;
};

export type BidPropertyDoc = PropertyFacts & {
  _id: string;
  bidCount: number;
  selectedBidId: string | null;
  selectedRealtorId: string | null;
  selectedAt: string | null;
  _position?: number;
};

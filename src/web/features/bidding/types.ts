import type { BidView, OwnBidView } from '../../../contract/bidding/bidding';
import type { RealtorProfileView } from '../../../contract/realtor-profiles/realtor-profiles';

// The bid and realtor-profile answers of the API (docs/decisions/0013), as the screens read them.

/** What the listing page passes in: the terms a realtor bids on. */
export type BiddableProperty = {
  id: string;
  isActive: boolean;
  biddingEndsAt: string | null;
  minBidAmount: number | null;
  ownerId: string;
};

/** A bid in a property's list; a realtor only ever gets their own. */
export type PropertyBid = BidView;

/** GET /api/bids: the realtor's own bids, with the property and, once selected after the close, the owner's contact. */
export type OwnBid = OwnBidView;

export type { RealtorProfileView };

/** The parts of the signed-in user the bid button needs. */
export type Viewer = { id: string; role: 'homeowner' | 'realtor'; credits: number };

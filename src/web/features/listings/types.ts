import type { BidRevisionView, OwnerBidView } from '../../../contract/bidding/bidding';
import type { PropertyJson } from '../../../contract/listings/listings';

/** A listing as the server answers it (GET /api/properties/{id}, the lists). */
export type Property = PropertyJson;

/** A bid on the owner's listing (GET /api/properties/{id}/bids); contact only on the selected bid after the close. */
export type PropertyBid = OwnerBidView;

/** One version of a bid's message (GET /api/bids/{bidId}/history), oldest first. */
export type BidRevision = BidRevisionView;

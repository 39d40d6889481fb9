import { BID_STATUS_LABELS, type BidState } from '../../contract/bidding/bidding';

/*
 * A bid's life cycle, in SPEC §3's status values, derived rather than stored:
 * it moves with the clock (the close) and with other streams (the owner's
 * choice, a refund), so every answer that shows a bid asks this one function
 * at read time and all screens agree.
 *
 *   pending     "Open"                         bidding runs
 *   processing  "Awaiting the owner's choice"  closed, nothing chosen yet
 *   completed   "Selected"                     the owner chose this bid
 *   failed      "Not selected"                 the owner chose another bid
 *   failed      "Refunded"                     the listing went and the credit came back
 */

export interface BidFacts {
  bidId: string;
  refunded: boolean;
}

export interface BiddingFacts {
  biddingEndsAt: string | null;
  selectedBidId: string | null;
}

/** Where a bid stands at `now`. A listing with no end date never closes. */
export function bidStateOf(bid: BidFacts, property: BiddingFacts, now: Date): BidState {
  if (bid.refunded) return { status: 'failed', statusLabel: BID_STATUS_LABELS.refunded };
  if (property.selectedBidId === bid.bidId) return { status: 'completed', statusLabel: BID_STATUS_LABELS.selected };
  if (property.selectedBidId !== null) return { status: 'failed', statusLabel: BID_STATUS_LABELS.notSelected };
  const open = property.biddingEndsAt === null || Date.parse(property.biddingEndsAt) > now.getTime();
  return open ? { status: 'pending', statusLabel: BID_STATUS_LABELS.open } : { status: 'processing', statusLabel: BID_STATUS_LABELS.awaiting };
}

/*
 * Reactions of bidding to other streams' events: pure, event in, commands out.
 * The refund process manager (src/processes/bid-refunds.ts) runs them and appends
 * with deterministic event ids, so a retried reaction is harmless.
 */

export const REFUND_REASON = 'Property deleted';

export interface StandingBid {
  bidId: string;
  realtorId: string;
  placedAt: string;
}

/** A RefundBid for the account stream of `realtorId`. */
export interface RefundOrder {
  realtorId: string;
  command: { type: 'RefundBid'; bidId: string; reason: string; at: string };
}

/**
 * A deleted property gives back every bid placed while its bidding was open
 * (SPEC: the listing, its images and its bids go). The decider only accepts
 * bids while bidding is open, so in practice that is every bid on it.
 */
export function refundsForDeletedProperty(deletedAt: string, biddingEndsAt: string | null, bids: readonly StandingBid[]): RefundOrder[] {
  const end = biddingEndsAt === null ? Number.POSITIVE_INFINITY : Date.parse(biddingEndsAt);
  return bids
    .filter((bid) => Date.parse(bid.placedAt) < end)
    .map((bid) => ({ realtorId: bid.realtorId, command: { type: 'RefundBid', bidId: bid.bidId, reason: REFUND_REASON, at: deletedAt } }));
}

/**
 * A bid appended just after its property's deletion (both decided at the same
 * moment from different streams) is refunded as soon as it is seen.
 */
export function refundForBidOnDeletedProperty(bid: StandingBid, propertyDeleted: boolean): RefundOrder[] {
  return propertyDeleted ? [{ realtorId: bid.realtorId, command: { type: 'RefundBid', bidId: bid.bidId, reason: REFUND_REASON, at: bid.placedAt } }] : [];
}

/** The name a refund's deterministic event id is derived from: one refund per bid, whichever path decided it. */
export const refundEventName = (bidId: string) => `bid-refund:${bidId}`;

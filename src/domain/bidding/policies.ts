/*
 * Reactions of bidding to other streams' events: pure, event in, commands out.
 * The refund process manager (src/processes/bidding/bid-refunds.ts) runs them and appends
 * with deterministic event ids, so a retried reaction is harmless.
 */

export const REFUND_REASON = 'Property deleted';
/** The courtesy refunds (docs/decisions/0059): the statement says "Refund of your bid on “title”: {reason}". */
export const REFUND_UNSEEN_REASON = 'the homeowner never opened it before bidding closed';
export const REFUND_NO_CHOICE_REASON = 'the homeowner chose no realtor within 7 days of the close';
/** How long after the close a listing with no realtor chosen gives its remaining bids back. */
export const NO_CHOICE_REFUND_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether a refund takes the bid off its listing: a deletion does. A
 * courtesy refund gives the credit back and leaves the bid where it was, so
 * the owner may still select it. Any other reason (those recorded before) takes it off, as before.
 */
export const refundLeavesListing = (reason: string) => reason !== REFUND_UNSEEN_REASON && reason !== REFUND_NO_CHOICE_REASON;

/** When the no-choice refund of a listing closing at `biddingEndsAt` falls due. */
export const noChoiceRefundDue = (biddingEndsAt: string) => new Date(Date.parse(biddingEndsAt) + NO_CHOICE_REFUND_AFTER_MS).toISOString();

/**
 * Whether a bid seen at `seenAt` counts as seen for the close at
 * `biddingEndsAt`: only a look before (or at) the close spares the refund.
 */
export const seenBeforeClose = (seenAt: string, biddingEndsAt: string) => Date.parse(seenAt) <= Date.parse(biddingEndsAt);

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

import type { Decider } from '../shared/decider';
import { streamScheme } from '../shared/stream-ids';

/*
 * Seen receipts (docs/decisions/0059): the first time a listing's owner loads
 * its bids, each bid not seen before is marked seen, once. One stream per
 * listing (`bid-seen-{propertyId}`): the decider appends a BidSeen only for a
 * bid it has not folded one for, and the appends carry the version read, so of
 * two loads racing one writes the marks and the other, deciding again, nothing.
 */

export const bidSeenStream = streamScheme('bid-seen');
export const bidSeenStreamId = bidSeenStream.of;

/** The name a seen mark's deterministic event id is derived from: one per bid. */
export const bidSeenEventName = (bidId: string) => `bid-seen:${bidId}`;

export type MarkBidsSeen = {
  type: 'MarkBidsSeen';
  propertyId: string;
  ownerId: string;
  /** The bids the owner was just shown. */
  bids: ReadonlyArray<{ bidId: string; realtorId: string }>;
  at: string;
};

export type BidSeen = {
  type: 'BidSeen';
  data: { propertyId: string; bidId: string; realtorId: string; ownerId: string; at: string };
};

export type SeenState = ReadonlySet<string>;

export const seenReceipts: Decider<MarkBidsSeen, SeenState, BidSeen> = {
  initialState: new Set<string>(),
  evolve: (state, event) => new Set([...state, event.data.bidId]),
  decide(command, state) {
    const { propertyId, ownerId, at } = command;
    const fresh = new Map<string, string>();
    for (const { bidId, realtorId } of command.bids) if (!state.has(bidId)) fresh.set(bidId, realtorId);
    return [...fresh].map(([bidId, realtorId]) => ({ type: 'BidSeen', data: { propertyId, bidId, realtorId, ownerId, at } }));
  },
};

export function isBidSeenEvent(event: { type: string; streamId: string }): boolean {
  return event.type === 'BidSeen' && bidSeenStream.owns(event.streamId);
}

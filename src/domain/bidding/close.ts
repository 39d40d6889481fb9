import type { Decider } from '../shared/decider';
import { streamScheme } from '../shared/stream-ids';

/*
 * A listing's bidding closes at a time (`biddingEndsAt`), not with an
 * event; the close process (src/processes/bidding/bidding-closes.ts) writes one when
 * that time comes by the app's clock, so the owner's inbox can say so
 * (docs/decisions/0060). A stream of its own per listing
 * (`bidding-closed-{propertyId}`), not the listing's: the listing decider's
 * rules (edits, deletion) stay as they are, and no reader of the listing's
 * stream meets a new event type.
 */

export const biddingClosedStream = streamScheme('bidding-closed');
export const biddingClosedStreamId = biddingClosedStream.of;

/** The name the BiddingClosed's deterministic event id is derived from: one per listing. */
export const biddingClosedEventName = (propertyId: string) => `bidding-closed:${propertyId}`;

export type CloseBidding = {
  type: 'CloseBidding';
  propertyId: string;
  ownerId: string;
  title: string;
  /** Bids on the listing at the close. */
  bidCount: number;
  /** The close as the log says now: a close moved later is not due yet. */
  biddingEndsAt: string;
  /** What the listing's own stream says: a deleted listing owes nothing. */
  listing: 'listed' | 'deleted' | 'none';
  /** The app's clock now. */
  at: string;
};

export type BiddingClosed = {
  type: 'BiddingClosed';
  data: { propertyId: string; ownerId: string; title: string; bidCount: number; at: string };
};

export type CloseState = { closed: boolean };

export const biddingClose: Decider<CloseBidding, CloseState, BiddingClosed> = {
  initialState: { closed: false },
  evolve: () => ({ closed: true }),
  decide(command, state) {
    if (state.closed || command.listing !== 'listed') return [];
    if (Date.parse(command.at) < Date.parse(command.biddingEndsAt)) return [];
    const { propertyId, ownerId, title, bidCount, biddingEndsAt } = command;
    // The close's time is the listing's, whenever the process got to it.
    return [{ type: 'BiddingClosed', data: { propertyId, ownerId, title, bidCount, at: biddingEndsAt } }];
  },
};

export function isBiddingClosedEvent(event: { type: string; streamId: string }): boolean {
  return event.type === 'BiddingClosed' && biddingClosedStream.owns(event.streamId);
}

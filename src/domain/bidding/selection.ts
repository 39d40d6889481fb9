import type { Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { streamScheme } from '../shared/stream-ids';

/*
 * The owner's choice of one bid, after bidding closed. One stream per property
 * (`selection-{propertyId}`): the first BidSelected is appended with expected
 * state "no stream", so of two racing selections exactly one stands, and the
 * loser's retry re-decides against it (409).
 */

export const selectionStream = streamScheme('selection');
export const selectionStreamId = selectionStream.of;

export const BIDDING_STILL_OPEN = 'Bidding is still open';
export const ALREADY_SELECTED = 'A bid has already been selected for this property';
export const ONLY_OWNER_SELECTS = 'Only the owner of this property can select a bid';

export type SelectBid = {
  type: 'SelectBid';
  propertyId: string;
  bidId: string;
  /** Who asks. */
  actorId: string;
  /** Read from the property stream when the command is made. */
  property: { exists: boolean; ownerId: string | null; biddingEndsAt: string | null };
  /** Read from the bidder's account stream: the bid stands (not refunded) and is on this property. */
  bid: { stands: boolean; realtorId: string | null };
  at: string;
};

export type BidSelected = {
  type: 'BidSelected';
  data: { propertyId: string; bidId: string; realtorId: string; ownerId: string; at: string };
};

export type SelectionState = { status: 'none' } | { status: 'selected'; bidId: string; realtorId: string; at: string };

export const selection: Decider<SelectBid, SelectionState, BidSelected> = {
  initialState: { status: 'none' },
  evolve: (_state, event) => ({ status: 'selected', bidId: event.data.bidId, realtorId: event.data.realtorId, at: event.data.at }),
  decide(command, state) {
    const { property, bid } = command;
    if (!property.exists || property.ownerId === null) throw new NotFoundError('Property not found');
    if (property.ownerId !== command.actorId) throw new ForbiddenError(ONLY_OWNER_SELECTS);
    if (property.biddingEndsAt === null || Date.parse(property.biddingEndsAt) > Date.parse(command.at)) throw new ValidationError(BIDDING_STILL_OPEN);
    if (state.status === 'selected') throw new ConflictError(ALREADY_SELECTED);
    if (!bid.stands || bid.realtorId === null) throw new NotFoundError('Bid not found');
    const { propertyId, bidId, at } = command;
    return [{ type: 'BidSelected', data: { propertyId, bidId, realtorId: bid.realtorId, ownerId: property.ownerId, at } }];
  },
};

export function isSelectionEvent(event: { type: string; streamId: string }): boolean {
  return event.type === 'BidSelected' && selectionStream.owns(event.streamId);
}

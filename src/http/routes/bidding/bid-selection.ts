import { Hono } from 'hono';
import { selectBidSchema } from '../../../contract/bidding/bidding';
import { ONLY_OWNER_SELECTS, selection, selectionStreamId } from '../../../domain/bidding/selection';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { viewPropertyBids } from '../../../projections/bidding/bid-views';
import { findBid, findBidProperty } from '../../../projections/bidding/bids-queries';
import { readAccount, readPropertyFacts } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { readJson } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { requireId } from './bid-shared';

/**
 * POST /api/properties/{id}/select-bid {bidId}: after bidding closed, the
 * owner selects one bid, once (the selection stream). Both parties get each
 * other's contact details by mail and a `bid:selected` push (from the bids
 * projection); the other bidders get a mail saying they were not selected.
 * The mails follow the BidSelected in the log (src/projections/notifications/mails-owed.ts,
 * docs/decisions/0063): the answer does not wait for the mail provider.
 */
export function createBidSelectionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/properties/:id/select-bid', requireUser('homeowner'), async (c) => {
    const propertyId = requireId(c.req.param('id'), 'Property not found');
    const ownerId = currentUserId(c);
    const facts = await readPropertyFacts(deps, propertyId);
    // Whose property it is needs no body, so a stranger is refused before the body is read
    // (docs/decisions/0021); the decider checks again.
    if (!facts.exists || facts.ownerId === null) throw new NotFoundError('Property not found');
    if (facts.ownerId !== ownerId) throw new ForbiddenError(ONLY_OWNER_SELECTS);
    const { bidId } = await readJson(c, selectBidSchema);
    // Whether the bid stands is its realtor's stream's word, not a read model's.
    const bid = await findBid(deps.readStore, bidId);
    let stands = false;
    if (bid && bid.propertyId === propertyId) {
      const realtor = await readAccount(deps, bid.realtorId);
      const standing = realtor.status === 'registered' ? realtor.bids.get(bidId) : undefined;
      // A courtesy refund gave the credit back and left the bid selectable (docs/decisions/0059); a deletion's took it off.
      stands = standing !== undefined && standing.propertyId === propertyId && (standing.status === 'active' || bid.refundedAt === null);
    }
    const result = await runCommand(deps, c, selectionStreamId(propertyId), selection, {
      type: 'SelectBid',
      propertyId,
      bidId,
      actorId: ownerId,
      property: { exists: facts.exists, ownerId: facts.ownerId, biddingEndsAt: facts.biddingEndsAt },
      bid: { stands, realtorId: bid?.realtorId ?? null },
      at: deps.clock().toISOString(),
    });
    const [selected] = result.events;
    if (!selected) throw new NotFoundError('Bid not found');

    const property = await findBidProperty(deps.readStore, propertyId);
    const chosen = await findBid(deps.readStore, bidId);
    const [view] = property && chosen ? await viewPropertyBids(deps.readStore, [chosen], property, ownerId, deps.clock()) : [];
    return c.json({ propertyId, bidId, realtorId: selected.data.realtorId, selectedAt: selected.data.at, bid: view ?? null });
  });
}

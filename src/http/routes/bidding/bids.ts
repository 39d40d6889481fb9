import { Hono } from 'hono';
import { z } from 'zod';
import { userStreamId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import type { OwnerBidView } from '../../../contract/bidding/bidding';
import { editBidSchema, placeBidSchema } from '../../../contract/bidding/bidding';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { loadBidRevisions, withEditCounts } from '../../../projections/bidding/bid-revisions';
import { viewPropertyBids } from '../../../projections/bidding/bid-views';
import { OWN_BID_READS, findBid, findBidProperty, standingBidsOnProperty } from '../../../projections/bidding/bids-queries';
import { findProperty } from '../../../projections/listings/properties-queries';
import { withBidderStanding } from '../../../projections/bidding/realtor-standing';
import { isRealtorApproved } from '../../../projections/realtor-profiles/realtor-profiles-queries';
import { readPropertyFacts } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import { markSeen } from './seen-receipts';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { readJson, validate } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { loadOwnBid, loadOwnBids, requireId, toSnapshot } from './bid-shared';
import { honourIdempotencyKey } from '../../platform/idempotency';
import { newRequestId } from '../../platform/request-seeds';

export const PROPERTY_MISMATCH = 'The bid is for another property';
export const ONLY_OWNER_SEES_BIDS = 'Only the owner of this property can see its bids';
export const ONLY_OWN_BID = 'You can only edit your own bid';
export const INVALID_BID_ID = 'Invalid bid id';

/** A bid id in a path: what the server makes (UUIDs) or a test names, at most 64 characters (bid-shared.ts). */
export const bidIdParam = z
  .string({ error: INVALID_BID_ID })
  .max(64, { error: INVALID_BID_ID, abort: true })
  .regex(/^[\w-]+$/, INVALID_BID_ID);

/**
 * Bids under /api: a realtor places and edits theirs and lists their own; a
 * property's bids go to its owner (all of them) and to a realtor (only their
 * own). Contact details are added by src/projections/bidding/bid-views.ts alone.
 */
export function createBidRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/properties/:id/bid', requireUser('realtor'), async (c) => {
      const propertyId = requireId(c.req.param('id'), 'Property not found');
      const input = await readJson(c, placeBidSchema);
      if (input.propertyId !== undefined && input.propertyId !== propertyId) throw new ValidationError(PROPERTY_MISMATCH, { propertyId: PROPERTY_MISMATCH });
      const realtorId = currentUserId(c);
      const [facts, realtorApproved] = await Promise.all([readPropertyFacts(deps, propertyId), isRealtorApproved(deps.readStore, realtorId)]);
      await honourIdempotencyKey(deps, c);
      const bidId = newRequestId(c);
      await runCommand(deps, c, userStreamId(realtorId), account, {
        type: 'PlaceBid',
        bidId,
        propertyId,
        amount: input.amount,
        ...(input.message !== undefined ? { message: input.message } : {}),
        property: toSnapshot(facts),
        realtorApproved,
        at: deps.clock().toISOString(),
      }, { reads: OWN_BID_READS });
      return c.json(await loadOwnBid(deps, realtorId, bidId), 201);
    })

    .put('/bids/:bidId', requireUser('realtor'), async (c) => {
      const bidId = requireId(c.req.param('bidId'), 'Bid not found');
      const realtorId = currentUserId(c);
      const bid = await findBid(deps.readStore, bidId);
      if (!bid) throw new NotFoundError('Bid not found');
      if (bid.realtorId !== realtorId) throw new ForbiddenError(ONLY_OWN_BID);
      // The body is read after the checks that need none (docs/decisions/0021).
      const { message } = await readJson(c, editBidSchema);
      const facts = await readPropertyFacts(deps, bid.propertyId);
      await runCommand(deps, c, userStreamId(realtorId), account, { type: 'EditBidMessage', bidId, message, property: toSnapshot(facts), at: deps.clock().toISOString() }, { reads: OWN_BID_READS });
      return c.json(await loadOwnBid(deps, realtorId, bidId));
    })

    .get('/bids', requireUser('realtor'), async (c) => c.json(await loadOwnBids(deps, currentUserId(c))))

    .get('/properties/:id/bids', requireUser(), async (c) => {
      const propertyId = requireId(c.req.param('id'), 'Property not found');
      const viewerId = currentUserId(c);
      const property = await findBidProperty(deps.readStore, propertyId);
      if (!property || !property.exists || property.ownerId === null) throw new NotFoundError('Property not found');
      const isOwner = property.ownerId === viewerId;
      // Another homeowner learns nothing; a realtor sees only their own bid (the count is on the property).
      if (!isOwner && c.get('session').user?.role !== 'realtor') throw new ForbiddenError(ONLY_OWNER_SEES_BIDS);
      const [list, listing] = await Promise.all([
        standingBidsOnProperty(deps.readStore, propertyId, isOwner ? undefined : viewerId),
        findProperty(deps.readStore, propertyId, { location: 1 }),
      ]);
      if (isOwner) await markSeen(deps, c, propertyId, viewerId, list);
      const views = await withEditCounts(deps.readStore, await viewPropertyBids(deps.readStore, list, property, viewerId, deps.clock()));
      // What the owner weighs before choosing, none of it naming the bidder (docs/decisions/0051).
      const answer: OwnerBidView[] = await withBidderStanding(deps.readStore, views, listing?.location ?? null);
      return c.json(answer);
    })

    // The bid's messages, oldest first, for its realtor and the listing's owner; to anyone else the bid does not exist.
    .get('/bids/:bidId/history', requireUser(), async (c) => {
      const bidId = validate(bidIdParam, c.req.param('bidId'));
      const viewerId = currentUserId(c);
      const bid = await findBid(deps.readStore, bidId);
      const property = bid && bid.realtorId !== viewerId ? await findBidProperty(deps.readStore, bid.propertyId) : null;
      const allowed = bid !== null && (bid.realtorId === viewerId || (property !== null && !property.deleted && property.ownerId === viewerId));
      if (!allowed) throw new NotFoundError('Bid not found');
      return c.json(await loadBidRevisions(deps.readStore, bidId));
    });
}

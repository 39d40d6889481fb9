import type { Context } from 'hono';
import { Hono } from 'hono';
import { selectBidSchema } from '../../../contract/bidding';
import type { BidSelected } from '../../../domain/bidding/selection';
import { ONLY_OWNER_SELECTS, selection, selectionStreamId } from '../../../domain/bidding/selection';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { bidNotSelectedMail, bidSelectedMail, selectionConfirmedMail } from '../../../mail/bids';
import type { Mail } from '../../../mail/port';
import { viewPropertyBids } from '../../../projections/bid-views';
import { findBid, findBidProperty, otherBiddersOn } from '../../../projections/bids-queries';
import type { UserDoc } from '../../../projections/users';
import { usersByIds } from '../../../projections/users-queries';
import { readAccount, readPropertyFacts } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { withoutDeclinedOutcomes } from '../../bid-mails';
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
    await sendSelectionMails(deps, c, selected, facts.title);

    const property = await findBidProperty(deps.readStore, propertyId);
    const chosen = await findBid(deps.readStore, bidId);
    const [view] = property && chosen ? await viewPropertyBids(deps.readStore, [chosen], property, ownerId, deps.clock()) : [];
    return c.json({ propertyId, bidId, realtorId: selected.data.realtorId, selectedAt: selected.data.at, bid: view ?? null });
  });
}

/** The selection stands whatever the mail provider says; a failed mail is logged. */
async function sendSelectionMails(deps: AppDeps, c: Context<AppEnv>, selected: BidSelected, propertyTitle: string): Promise<void> {
  const { propertyId, realtorId, ownerId } = selected.data;
  const others = await otherBiddersOn(deps.readStore, propertyId, realtorId);
  const people = await usersByIds(deps.readStore, [ownerId, realtorId, ...others.map((b) => b.realtorId)]);
  const person = (id: string) => people.find((p) => p._id === id);
  const owner = person(ownerId);
  const realtor = person(realtorId);
  const { publicUrl } = deps.env;
  const drafts: Array<{ mail: Mail; realtorId: string | null }> = [];
  if (owner && realtor) {
    drafts.push({ mail: bidSelectedMail({ to: realtor.email, name: realtor.name, propertyTitle, propertyId, owner: contactOf(owner), publicUrl }), realtorId });
    drafts.push({ mail: selectionConfirmedMail({ to: owner.email, name: owner.name, propertyTitle, propertyId, realtor: contactOf(realtor), publicUrl }), realtorId: null });
  }
  for (const other of others) {
    const bidder = person(other.realtorId);
    if (bidder) drafts.push({ mail: bidNotSelectedMail({ to: bidder.email, name: bidder.name, propertyTitle, propertyId, publicUrl }), realtorId: bidder._id });
  }
  // A realtor who turned outcome mails off gets neither (docs/decisions/0043); the owner's confirmation always goes.
  const mails = await withoutDeclinedOutcomes(deps, drafts);
  const outcomes = await Promise.allSettled(mails.map((mail) => deps.mailer.send(mail)));
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') deps.logger.error('selection mail failed', { requestId: c.get('requestId'), propertyId, tag: mails[i]?.tag, error: outcome.reason });
  });
}

function contactOf(user: UserDoc) {
  return { name: user.name, email: user.email, phone: user.phone };
}

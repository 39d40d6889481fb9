import { Hono } from 'hono';
import type { ReviewView } from '../../../contract/reviews/reviews';
import { replyToReviewSchema, reviewAuthorLabel, submitReviewSchema } from '../../../contract/reviews/reviews';
import { ONLY_CHOOSER_REVIEWS, ONLY_REVIEWED_REALTOR_REPLIES, REVIEW_NOT_FOUND, review, reviewStreamId } from '../../../domain/reviews/review';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { cityOf } from '../../../projections/listings/listing-area';
import { findProperty } from '../../../projections/listings/properties-queries';
import type { ReviewDoc } from '../../../projections/reviews/reviews';
import { findReview, reviewsCollection, visibleReviewsOf } from '../../../projections/reviews/reviews-queries';
import { findUser } from '../../../projections/accounts/users-queries';
import { readPropertyFacts, readSelection } from '../../aggregates';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../guards';
import { listPage, listQuery } from '../admin/list-page';
import { readJson, validate } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { requireId } from '../bidding/bid-shared';
import { honourIdempotencyKey } from '../../platform/idempotency';

/** GET /api/realtors/{realtorId}/reviews: the list contract's paging (docs/decisions/0032). */
export const reviewsListQuery = listQuery;

/** A review as anyone signed in sees it: the author by a label that names no one. */
export function toReviewView(doc: ReviewDoc): ReviewView {
  return { id: doc._id, rating: doc.rating, text: doc.text, createdAt: doc.createdAt, reply: doc.reply, author: reviewAuthorLabel(doc.area) };
}

/**
 * Verified reviews under /api (docs/decisions/0051): the homeowner who
 * selected a realtor on a listing reviews them once, anyone signed in reads
 * a realtor's visible reviews, newest first, and the realtor replies once.
 */
export function createReviewRoutes(deps: AppDeps) {
  const loadReview = async (reviewId: string) => {
    const doc = await findReview(deps.readStore, reviewId);
    if (!doc) throw new NotFoundError(REVIEW_NOT_FOUND);
    return doc;
  };

  return new Hono<AppEnv>()
    .post('/properties/:id/review', requireUser('homeowner'), async (c) => {
      const propertyId = requireId(c.req.param('id'), 'Property not found');
      const actorId = currentUserId(c);
      const [facts, chosen] = await Promise.all([readPropertyFacts(deps, propertyId), readSelection(deps, propertyId)]);
      // A listing never listed is not found; a deleted one keeps its owner, who may still review whom they chose.
      if (facts.ownerId === null) throw new NotFoundError('Property not found');
      const selection = chosen.status === 'selected' ? { ownerId: facts.ownerId, realtorId: chosen.realtorId } : null;
      // Who may review needs no body, so anyone else is refused before it is read (docs/decisions/0021); the decider checks again.
      if (selection === null || selection.ownerId !== actorId) throw new ForbiddenError(ONLY_CHOOSER_REVIEWS);
      const { rating, text } = await readJson(c, submitReviewSchema);
      const listing = await findProperty(deps.readStore, propertyId, { location: 1 });
      await honourIdempotencyKey(deps, c);
      const at = deps.clock().toISOString();
      await runCommand(deps, c, reviewStreamId(propertyId), review, { type: 'SubmitReview', propertyId, actorId, selection, rating, text, area: cityOf(listing?.location ?? ''), at });
      return c.json(toReviewView(await loadReview(propertyId)), 201);
    })

    .get('/realtors/:realtorId/reviews', requireUser(), async (c) => {
      const realtorId = requireId(c.req.param('realtorId'), 'Realtor not found');
      const query = validate(reviewsListQuery, c.req.query());
      const realtor = await findUser(deps.readStore, realtorId, { role: 1 });
      if (!realtor || realtor.role !== 'realtor') throw new NotFoundError('Realtor not found');
      const page = await listPage(reviewsCollection(deps.readStore), visibleReviewsOf(realtorId), { createdAt: -1 }, query);
      return c.json({ items: page.docs.map(toReviewView), nextCursor: page.nextCursor, total: page.total });
    })

    .post('/reviews/:reviewId/reply', requireUser('realtor'), async (c) => {
      const reviewId = requireId(c.req.param('reviewId'), REVIEW_NOT_FOUND);
      const realtorId = currentUserId(c);
      const doc = await loadReview(reviewId);
      if (doc.realtorId !== realtorId) throw new ForbiddenError(ONLY_REVIEWED_REALTOR_REPLIES);
      const { text } = await readJson(c, replyToReviewSchema);
      await runCommand(deps, c, reviewStreamId(reviewId), review, { type: 'ReplyToReview', reviewId, actorId: realtorId, text, at: deps.clock().toISOString() });
      return c.json(toReviewView(await loadReview(reviewId)));
    });
}

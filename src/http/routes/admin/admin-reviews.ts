import { Hono } from 'hono';
import type { AdminReviewView } from '../../../contract/reviews/reviews';
import { hideReviewSchema } from '../../../contract/reviews/reviews';
import { REVIEW_NOT_FOUND, review, reviewStreamId } from '../../../domain/reviews/review';
import { NotFoundError } from '../../../domain/shared/errors';
import type { ReviewDoc } from '../../../projections/reviews/reviews';
import { findReview, reviewsCollection } from '../../../projections/reviews/reviews-queries';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { booleanParam, listPage, listQuery } from './list-page';
import { readJson, validate } from '../../validation';
import { requireId } from '../bidding/bid-shared';
import { toReviewView } from '../reviews/reviews';
import { adminActor } from './admin-shared';
import { peopleById } from './people-search';

export const adminReviewsListQuery = listQuery.extend({
  hidden: booleanParam('Hidden must be true or false'),
});

/** /api/admin/reviews: every review, newest first (hidden ones too), and hiding one with a reason (docs/decisions/0051). */
export function createAdminReviewRoutes(deps: AppDeps) {
  const toAdminView = (doc: ReviewDoc, realtorName: string): AdminReviewView => ({
    ...toReviewView(doc),
    propertyId: doc.propertyId,
    realtorId: doc.realtorId,
    realtorName,
    hidden: doc.hidden,
    hiddenReason: doc.hiddenReason,
    hiddenAt: doc.hiddenAt,
  });

  const loadReview = async (reviewId: string) => {
    const doc = await findReview(deps.readStore, reviewId);
    if (!doc) throw new NotFoundError(REVIEW_NOT_FOUND);
    return doc;
  };

  return new Hono<AppEnv>()
    .get('/reviews', requireAdmin(), async (c) => {
      const query = validate(adminReviewsListQuery, c.req.query());
      const filter = query.hidden === undefined ? {} : { hidden: query.hidden };
      const page = await listPage(reviewsCollection(deps.readStore), filter, { createdAt: -1 }, query);
      const people = await peopleById(deps.readStore, page.docs.map((doc) => doc.realtorId));
      return c.json({ items: page.docs.map((doc) => toAdminView(doc, people.get(doc.realtorId)?.name ?? '')), nextCursor: page.nextCursor, total: page.total });
    })

    .post('/reviews/:reviewId/hide', requireAdmin(), async (c) => {
      const reviewId = requireId(c.req.param('reviewId'), REVIEW_NOT_FOUND);
      // The body is read after the lookup that needs none (docs/decisions/0021).
      await loadReview(reviewId);
      const { reason } = await readJson(c, hideReviewSchema);
      await runCommand(deps, c, reviewStreamId(reviewId), review, { type: 'HideReview', reviewId, adminId: adminActor(c).id, reason, at: deps.clock().toISOString() });
      const doc = await loadReview(reviewId);
      const people = await peopleById(deps.readStore, [doc.realtorId]);
      return c.json(toAdminView(doc, people.get(doc.realtorId)?.name ?? ''));
    });
}


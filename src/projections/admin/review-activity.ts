import type { ReviewHidden, ReviewReplied, ReviewSubmitted } from '../../domain/reviews/review';
import type { ActivityRow } from './activity-rows';
import { byAdmin, byUserId, change, userTarget } from './activity-rows';

/*
 * The activity-log rows of verified reviews (docs/decisions/0051), spread
 * into ACTIVITY_TABLE. The words stay out of the log: the rating, who and
 * which listing are enough to find the review, and an erasure has less to scrub.
 */

export const REVIEW_ACTIVITY: {
  ReviewSubmitted: ActivityRow<ReviewSubmitted>;
  ReviewReplied: ActivityRow<ReviewReplied>;
  ReviewHidden: ActivityRow<ReviewHidden>;
} = {
  ReviewSubmitted: {
    entry: (data) => ({
      ...byUserId(data.authorId, 'review.create', 'review', data.reviewId, { propertyId: data.propertyId, realtorId: data.realtorId, rating: data.rating }),
      target: userTarget(data.realtorId),
    }),
  },
  ReviewReplied: {
    entry: (data) => ({ ...byUserId(data.realtorId, 'review.reply', 'review', data.reviewId), target: userTarget(data.realtorId) }),
  },
  ReviewHidden: {
    entry: (data) => ({
      ...byAdmin(data.adminId, 'review.hide', 'review', data.reviewId, { realtorId: data.realtorId, reason: data.reason }),
      target: userTarget(data.realtorId),
      changes: [change('hidden', false, true)],
    }),
  },
};

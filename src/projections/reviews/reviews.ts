import type { ReviewHidden, ReviewReplied, ReviewSubmitted } from '../../domain/reviews/review';
import { isReviewEvent } from '../../domain/reviews/review';
import type { RecordedEvent } from '../../event-store/port';
import type { Projection } from '../projection';
import { insertOnce, updateOnce } from '../projection';

export const REVIEWS = 'reviews';

/** One review, keyed by its listing's id (a listing has at most one). Hidden ones stay, for the back office. */
export type ReviewDoc = {
  _id: string;
  propertyId: string;
  realtorId: string;
  authorId: string;
  rating: number;
  text: string;
  /** The listing's city, shown as "Homeowner in {area}"; emptied when the author is erased. */
  area: string;
  createdAt: string;
  reply: { text: string; at: string } | null;
  hidden: boolean;
  hiddenReason: string | null;
  hiddenAt: string | null;
  hiddenBy: string | null;
  _position?: number;
};

/** The `reviews` read model, from the `review-{propertyId}` streams (docs/decisions/0051). */
export function createReviewsProjection(): Projection {
  return {
    name: REVIEWS,
    collections: [REVIEWS],
    handles: ['ReviewSubmitted', 'ReviewReplied', 'ReviewHidden'],
    async setup(store) {
      const reviews = store.collection<ReviewDoc>(REVIEWS);
      await reviews.createIndex({ realtorId: 1, createdAt: -1, _id: -1 });
      await reviews.createIndex({ createdAt: -1, _id: -1 });
    },
    async apply(event, store) {
      if (!isReviewEvent(event)) return;
      const reviews = store.collection<ReviewDoc>(REVIEWS);
      switch (event.type) {
        case 'ReviewSubmitted': {
          const { reviewId, propertyId, realtorId, authorId, rating, text, area, at } = (event as RecordedEvent & ReviewSubmitted).data;
          const doc: ReviewDoc = { _id: reviewId, propertyId, realtorId, authorId, rating, text, area, createdAt: at, reply: null, hidden: false, hiddenReason: null, hiddenAt: null, hiddenBy: null };
          await insertOnce(reviews, doc, event.position);
          return;
        }
        case 'ReviewReplied': {
          const { reviewId, text, at } = (event as RecordedEvent & ReviewReplied).data;
          await updateOnce(reviews, reviewId, event.position, { $set: { reply: { text, at } } });
          return;
        }
        case 'ReviewHidden': {
          const { reviewId, adminId, reason, at } = (event as RecordedEvent & ReviewHidden).data;
          await updateOnce(reviews, reviewId, event.position, { $set: { hidden: true, hiddenReason: reason, hiddenAt: at, hiddenBy: adminId } });
          return;
        }
      }
    },
  };
}

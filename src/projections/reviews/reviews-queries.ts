import type { ReviewSummary } from '../../contract/reviews/reviews';
import { averageRating } from '../../contract/reviews/reviews';
import type { Collection, ReadStore } from '../../read-store/port';
import type { ReviewDoc } from './reviews';
import { REVIEWS } from './reviews';

/** The reviews read model, for the lists that page it. */
export function reviewsCollection(store: ReadStore): Collection<ReviewDoc> {
  return store.collection<ReviewDoc>(REVIEWS);
}

export function findReview(store: ReadStore, reviewId: string): Promise<ReviewDoc | null> {
  return reviewsCollection(store).findOne({ _id: reviewId });
}

/** What a realtor's reviews list shows: their reviews no administrator hid. */
export const visibleReviewsOf = (realtorId: string) => ({ realtorId, hidden: false });

/** A realtor's count of visible reviews and their average rating. */
export async function reviewSummary(store: ReadStore, realtorId: string): Promise<ReviewSummary> {
  return (await reviewSummaries(store, [realtorId])).get(realtorId) ?? { count: 0, average: null };
}

/** The summaries of several realtors in one read; a realtor with no reviews has count 0. */
export async function reviewSummaries(store: ReadStore, realtorIds: readonly string[]): Promise<Map<string, ReviewSummary>> {
  const ids = [...new Set(realtorIds)];
  const found = ids.length === 0 ? [] : await reviewsCollection(store).find({ realtorId: { $in: ids }, hidden: false }, { projection: { realtorId: 1, rating: 1 } });
  const ratings = new Map<string, number[]>(ids.map((id) => [id, []]));
  for (const doc of found) ratings.get(doc.realtorId)?.push(doc.rating);
  return new Map([...ratings].map(([id, list]) => [id, { count: list.length, average: averageRating(list) }]));
}

/** Every review a homeowner wrote (their data export). */
export function reviewsByAuthor(store: ReadStore, authorId: string): Promise<ReviewDoc[]> {
  return reviewsCollection(store).find({ authorId });
}

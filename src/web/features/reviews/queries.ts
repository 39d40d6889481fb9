import { queryOptions, skipToken } from '@tanstack/react-query';
import type { RealtorProfileView } from '../../../contract/realtor-profiles/realtor-profiles';
import type { ReviewSummary, ReviewView } from '../../../contract/reviews/reviews';
import { apiFetch } from '../../lib/api';
import { loadRealtorProfileAnswer, loadReviewsPageAnswer } from '../../lib/answer-schemas';
import { queryKeys } from '../../lib/query-keys';

export type ReviewsPage = { items: ReviewView[]; nextCursor: string | null; total: number };

/** GET /api/realtors/{realtorId}/reviews: the newest `limit` visible reviews and how many there are. */
export function realtorReviewsQuery(realtorId: string, limit: number, enabled = true) {
  return queryOptions({
    queryKey: queryKeys.realtorReviews(realtorId, limit),
    queryFn: enabled ? () => apiFetch<ReviewsPage>(`/api/realtors/${encodeURIComponent(realtorId)}/reviews?limit=${limit}`, {}, loadReviewsPageAnswer) : skipToken,
  });
}

/** A realtor's review summary, read from their profile (GET /api/realtor-profile/{realtorId}) under the profile's own key. */
export function reviewSummaryQuery(realtorId: string) {
  return queryOptions({
    queryKey: queryKeys.realtorProfile(realtorId),
    queryFn: () => apiFetch<RealtorProfileView>(`/api/realtor-profile/${encodeURIComponent(realtorId)}`, {}, loadRealtorProfileAnswer),
    select: (profile): ReviewSummary => profile.reviewSummary,
  });
}

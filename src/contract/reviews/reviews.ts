import { z } from 'zod';

/*
 * Verified reviews (docs/decisions/0051): only the homeowner who selected a
 * realtor on a listing reviews that realtor, once per listing; the realtor
 * answers once; an administrator hides a review with a reason. The request
 * rules and answer types, shared by the server and the screens.
 */

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REPLY_TEXT_MAX = 2000;
export const HIDE_REASON_MAX = 500;

export const RATING_RULE = 'Rating must be a whole number from 1 to 5';
export const REVIEW_TEXT_RULE = `Review must be ${REVIEW_TEXT_MIN} to ${REVIEW_TEXT_MAX} characters`;
export const REPLY_TEXT_RULE = `Reply must be 1 to ${REPLY_TEXT_MAX} characters`;
export const HIDE_REASON_RULE = `Reason must be 1 to ${HIDE_REASON_MAX} characters`;

/** Text trimmed and between min and max characters; the length aborts before anything else reads a long input (docs/decisions/0021). */
const boundedText = (min: number, max: number, message: string) =>
  z.string({ error: message }).max(max * 2, { error: message, abort: true }).trim().min(min, message).max(max, message);

/** POST /api/properties/{id}/review. */
export const submitReviewSchema = z.object({
  rating: z.number({ error: RATING_RULE }).int(RATING_RULE).min(1, RATING_RULE).max(5, RATING_RULE),
  text: boundedText(REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, REVIEW_TEXT_RULE),
});
export type SubmitReviewInput = z.input<typeof submitReviewSchema>;

/** POST /api/reviews/{reviewId}/reply. */
export const replyToReviewSchema = z.object({ text: boundedText(1, REPLY_TEXT_MAX, REPLY_TEXT_RULE) });
export type ReplyToReviewInput = z.input<typeof replyToReviewSchema>;

/** POST /api/admin/reviews/{reviewId}/hide. */
export const hideReviewSchema = z.object({ reason: boundedText(1, HIDE_REASON_MAX, HIDE_REASON_RULE) });
export type HideReviewInput = z.input<typeof hideReviewSchema>;

/** How many visible reviews a realtor has and their average rating (one decimal; null with none). */
export interface ReviewSummary {
  count: number;
  average: number | null;
}

/** The realtor's one answer to a review. */
export interface ReviewReplyView {
  text: string;
  at: string;
}

/**
 * A review as GET /api/realtors/{realtorId}/reviews lists it. The author is a
 * label that names no one ("Homeowner in Mississauga"); the id is the
 * listing's, since a listing has at most one review.
 */
export interface ReviewView {
  id: string;
  rating: number;
  text: string;
  createdAt: string;
  reply: ReviewReplyView | null;
  author: string;
}

/** A review as the back office lists it (GET /api/admin/reviews): hidden ones too, with the listing and both parties. */
export interface AdminReviewView extends ReviewView {
  propertyId: string;
  realtorId: string;
  realtorName: string;
  hidden: boolean;
  hiddenReason: string | null;
  hiddenAt: string | null;
}

/** The label a review shows instead of its author: their listing's city, when known. */
export function reviewAuthorLabel(area: string): string {
  return area === '' ? 'Homeowner' : `Homeowner in ${area}`;
}

/** The average of ratings to one decimal, null with none. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
}

import type { Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import { streamScheme } from '../shared/stream-ids';

/*
 * A verified review, one stream per listing (`review-{propertyId}`): only the
 * homeowner who selected a realtor on the listing reviews that realtor, once;
 * the realtor replies once; an administrator hides it with a reason. A
 * listing has at most one review, so the review's id is the listing's.
 * Who selected whom comes in the command, read by the route from the
 * listing's selection stream (docs/decisions/0051).
 */

export const reviewStream = streamScheme('review');
export const reviewStreamId = reviewStream.of;

export const ONLY_CHOOSER_REVIEWS = 'Only the homeowner who chose a realtor on this listing can review them';
export const ALREADY_REVIEWED = 'You have already reviewed the realtor for this listing';
export const REVIEW_NOT_FOUND = 'Review not found';
export const ONLY_REVIEWED_REALTOR_REPLIES = 'Only the reviewed realtor can reply to this review';
export const ALREADY_REPLIED = 'This review already has a reply';
export const ALREADY_HIDDEN = 'This review is already hidden';

export type SubmitReview = {
  type: 'SubmitReview';
  propertyId: string;
  actorId: string;
  /** The listing's selection, from its selection stream; null before the owner chose. */
  selection: { ownerId: string; realtorId: string } | null;
  rating: number;
  text: string;
  /** The listing's city, for the label that stands in for the author. */
  area: string;
  at: string;
};
export type ReplyToReview = { type: 'ReplyToReview'; reviewId: string; actorId: string; text: string; at: string };
export type HideReview = { type: 'HideReview'; reviewId: string; adminId: string; reason: string; at: string };
export type ReviewCommand = SubmitReview | ReplyToReview | HideReview;

export type ReviewSubmitted = {
  type: 'ReviewSubmitted';
  data: { reviewId: string; propertyId: string; realtorId: string; authorId: string; rating: number; text: string; area: string; at: string };
};
export type ReviewReplied = { type: 'ReviewReplied'; data: { reviewId: string; realtorId: string; text: string; at: string } };
export type ReviewHidden = { type: 'ReviewHidden'; data: { reviewId: string; realtorId: string; adminId: string; reason: string; at: string } };
export type ReviewEvent = ReviewSubmitted | ReviewReplied | ReviewHidden;

export type ReviewState =
  | { status: 'none' }
  | { status: 'submitted'; realtorId: string; authorId: string; replied: boolean; hidden: boolean };

export const review: Decider<ReviewCommand, ReviewState, ReviewEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'ReviewSubmitted':
        return { status: 'submitted', realtorId: event.data.realtorId, authorId: event.data.authorId, replied: false, hidden: false };
      case 'ReviewReplied':
        return state.status === 'submitted' ? { ...state, replied: true } : state;
      case 'ReviewHidden':
        return state.status === 'submitted' ? { ...state, hidden: true } : state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SubmitReview': {
        const { selection } = command;
        if (selection === null || selection.ownerId !== command.actorId) throw new ForbiddenError(ONLY_CHOOSER_REVIEWS);
        if (state.status !== 'none') throw new ConflictError(ALREADY_REVIEWED);
        const { propertyId, rating, text, area, at } = command;
        return [{ type: 'ReviewSubmitted', data: { reviewId: propertyId, propertyId, realtorId: selection.realtorId, authorId: command.actorId, rating, text, area, at } }];
      }
      case 'ReplyToReview': {
        if (state.status === 'none') throw new NotFoundError(REVIEW_NOT_FOUND);
        if (state.realtorId !== command.actorId) throw new ForbiddenError(ONLY_REVIEWED_REALTOR_REPLIES);
        if (state.replied) throw new ConflictError(ALREADY_REPLIED);
        return [{ type: 'ReviewReplied', data: { reviewId: command.reviewId, realtorId: state.realtorId, text: command.text, at: command.at } }];
      }
      case 'HideReview': {
        if (state.status === 'none') throw new NotFoundError(REVIEW_NOT_FOUND);
        if (state.hidden) throw new ConflictError(ALREADY_HIDDEN);
        const { reviewId, adminId, reason, at } = command;
        return [{ type: 'ReviewHidden', data: { reviewId, realtorId: state.realtorId, adminId, reason, at } }];
      }
    }
  },
};

export function isReviewEvent(event: { type: string; streamId: string }): boolean {
  return reviewStream.owns(event.streamId) && (event.type === 'ReviewSubmitted' || event.type === 'ReviewReplied' || event.type === 'ReviewHidden');
}

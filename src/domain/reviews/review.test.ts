import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { ReviewHidden, ReviewReplied, ReviewSubmitted } from './review';
import { ALREADY_HIDDEN, ALREADY_REPLIED, ALREADY_REVIEWED, ONLY_CHOOSER_REVIEWS, ONLY_REVIEWED_REALTOR_REPLIES, REVIEW_NOT_FOUND, review } from './review';

const at = '2026-12-07T10:00:00.000Z';
const selection = { ownerId: 'o1', realtorId: 'r1' };
const submit = { type: 'SubmitReview', propertyId: 'p1', actorId: 'o1', selection, rating: 4, text: 'Sold in a week, great advice.', area: 'Mississauga', at } as const;
const submitted: ReviewSubmitted = {
  type: 'ReviewSubmitted',
  data: { reviewId: 'p1', propertyId: 'p1', realtorId: 'r1', authorId: 'o1', rating: 4, text: 'Sold in a week, great advice.', area: 'Mississauga', at },
};
const replied: ReviewReplied = { type: 'ReviewReplied', data: { reviewId: 'p1', realtorId: 'r1', text: 'Thank you!', at } };
const hidden: ReviewHidden = { type: 'ReviewHidden', data: { reviewId: 'p1', realtorId: 'r1', adminId: 'a1', reason: 'Names a neighbour', at } };

describe('SubmitReview', () => {
  it('given a selection, when its homeowner reviews, then the review names the chosen realtor', () => {
    given(review).when(submit).then([submitted]);
  });

  it('refuses before a selection', () => {
    given(review).when({ ...submit, selection: null }).thenThrows(ForbiddenError, ONLY_CHOOSER_REVIEWS);
  });

  it('refuses anyone but the homeowner who chose', () => {
    given(review).when({ ...submit, actorId: 'o2' }).thenThrows(ForbiddenError, ONLY_CHOOSER_REVIEWS);
  });

  it('refuses a second review of the same listing', () => {
    given(review, [submitted]).when(submit).thenThrows(ConflictError, ALREADY_REVIEWED);
  });
});

describe('ReplyToReview', () => {
  const reply = { type: 'ReplyToReview', reviewId: 'p1', actorId: 'r1', text: 'Thank you!', at } as const;

  it('given a review, when its realtor replies, then the reply is recorded', () => {
    given(review, [submitted]).when(reply).then([replied]);
  });

  it('refuses a review that does not exist', () => {
    given(review).when(reply).thenThrows(NotFoundError, REVIEW_NOT_FOUND);
  });

  it('refuses anyone but the reviewed realtor', () => {
    given(review, [submitted]).when({ ...reply, actorId: 'r2' }).thenThrows(ForbiddenError, ONLY_REVIEWED_REALTOR_REPLIES);
  });

  it('refuses a second reply', () => {
    given(review, [submitted, replied]).when(reply).thenThrows(ConflictError, ALREADY_REPLIED);
  });
});

describe('HideReview', () => {
  const hide = { type: 'HideReview', reviewId: 'p1', adminId: 'a1', reason: 'Names a neighbour', at } as const;

  it('given a review, when an administrator hides it, then the reason is recorded', () => {
    given(review, [submitted]).when(hide).then([hidden]);
  });

  it('refuses a review that does not exist', () => {
    given(review).when(hide).thenThrows(NotFoundError, REVIEW_NOT_FOUND);
  });

  it('refuses a review already hidden', () => {
    given(review, [submitted, hidden]).when(hide).thenThrows(ConflictError, ALREADY_HIDDEN);
  });
});

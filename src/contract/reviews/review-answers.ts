import { z } from 'zod';
import { answerSchema } from '../answer-schema';
import { listPageAnswer } from '../list-answers';
import type { AdminReviewView, ReviewSummary, ReviewView } from './reviews';

/* The review answers as zod schemas, each tied to its type in reviews.ts (docs/decisions/0048, 0051). */

export const reviewSummaryAnswer = answerSchema<ReviewSummary>()(z.object({ count: z.number(), average: z.number().nullable() }));

const reviewFields = {
  id: z.string(),
  rating: z.number(),
  text: z.string(),
  createdAt: z.string(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
  author: z.string(),
};

export const reviewAnswer = answerSchema<ReviewView>()(z.object(reviewFields));

/** GET /api/realtors/{realtorId}/reviews. */
export const reviewsPageAnswer = listPageAnswer(reviewAnswer);

export const adminReviewAnswer = answerSchema<AdminReviewView>()(
  z.object({
    ...reviewFields,
    propertyId: z.string(),
    realtorId: z.string(),
    realtorName: z.string(),
    hidden: z.boolean(),
    hiddenReason: z.string().nullable(),
    hiddenAt: z.string().nullable(),
  }),
);

/** GET /api/admin/reviews. */
export const adminReviewsPageAnswer = listPageAnswer(adminReviewAnswer);

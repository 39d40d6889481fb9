import { z } from 'zod';
import { answerSchema } from '../answer-schema';
import { reviewSummaryAnswer } from '../reviews/review-answers';
import type { RealtorProfileView } from './realtor-profiles';
import { REALTOR_VERIFICATION_STATUSES } from './realtor-profiles';

/*
 * The realtor profile answer as a zod schema, tied to `RealtorProfileView`
 * field for field (docs/decisions/0048). One schema for the realtor's own
 * profile and for another's: `email` and `phone` are there only when the
 * contact rule allows, so they are optional in both.
 */

export const realtorProfileAnswer = answerSchema<RealtorProfileView>()(
  z.object({
    userId: z.string(),
    name: z.string(),
    profileImageUrl: z.string().nullable(),
    brokerageName: z.string(),
    licenseNumber: z.string(),
    yearsOfExperience: z.number(),
    serviceAreas: z.array(z.string()),
    specialties: z.array(z.string()),
    additionalServices: z.array(z.string()),
    commissionRate: z.string(),
    about: z.string(),
    updatedAt: z.string().nullable(),
    wins: z.number(),
    reviewSummary: reviewSummaryAnswer,
    verificationStatus: z.enum(REALTOR_VERIFICATION_STATUSES),
    isVerified: z.boolean(),
    email: z.string().optional(),
    phone: z.string().nullable().optional(),
    verification: z
      .object({
        documentUrl: z.string().nullable(),
        submittedAt: z.string().nullable(),
        missing: z.array(z.string()),
        rejection: z.object({ subject: z.string(), message: z.string() }).nullable(),
      })
      .optional(),
  }),
);

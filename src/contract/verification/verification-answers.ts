import { z } from 'zod';
import { answerSchema } from '../answer-schema';
import { listPageAnswer } from '../list-answers';
import type { AdminVerificationJson } from './verification';

/* The back office's verification row as a zod schema, tied to `AdminVerificationJson` field for field (docs/decisions/0048). */

const reviewStatus = z.enum(['pending', 'approved', 'rejected']);

export const adminVerificationAnswer = answerSchema<AdminVerificationJson>()(
  z.object({
    id: z.string(),
    userId: z.string(),
    documentType: z.literal('utility_bill'),
    documentUrl: z.string(),
    utilityBillUrl: z.string(),
    status: reviewStatus,
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    reviewedBy: z.string().nullable(),
    reviewedByName: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    adminNotes: z.string().nullable(),
    userName: z.string().nullable(),
    userEmail: z.string().nullable(),
  }),
);

/** GET /api/admin/verifications: a page, with the counts of every submission by status. */
export const adminVerificationsAnswer = listPageAnswer(adminVerificationAnswer).extend({
  counts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
});

/** POST /api/admin/verifications/{id}/reject: the row, and whether the homeowner was mailed. */
export const rejectedVerificationAnswer = adminVerificationAnswer.extend({ emailSent: z.boolean() });

import { z } from 'zod';

/*
 * Input rules for ownership verification (SPEC §5 'Verification file' and
 * 'Admin'), shared by the server and the screens.
 */

export const VERIFICATION_FILE_TYPES_MESSAGE = 'Please upload a JPG, PNG, or PDF file';
export const VERIFICATION_FILE_SIZE_MESSAGE = 'File size must be less than 10MB';
/** 10 MB, the most a bill or an image may weigh. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const REVIEW_FIELDS_MESSAGE = 'Please fill in both subject and message';
export const DOCUMENT_REQUIRED_MESSAGE = 'Please upload your utility bill first';

/** POST /api/verification/submit: the key POST /api/upload-document answered. */
export const submitVerificationSchema = z.object({
  // Keys the server made are far shorter (src/blobs/keys.ts); a longer one cannot be an upload.
  documentUrl: z.string({ error: DOCUMENT_REQUIRED_MESSAGE }).trim().max(200, DOCUMENT_REQUIRED_MESSAGE).min(1, DOCUMENT_REQUIRED_MESSAGE),
});

export const ADMIN_NOTES_MAX = 2000;
export const ADMIN_NOTES_MESSAGE = `Admin notes must be less than ${ADMIN_NOTES_MAX} characters`;

/** The spec's review payload's optional adminNotes: for other administrators, never mailed. Blank or absent is none. */
export const adminNotesSchema = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z
    .string({ error: 'Admin notes must be text' })
    .max(ADMIN_NOTES_MAX + 100, { error: ADMIN_NOTES_MESSAGE, abort: true })
    .trim()
    .max(ADMIN_NOTES_MAX, ADMIN_NOTES_MESSAGE)
    .transform((notes) => (notes === '' ? null : notes)),
);

/** POST /api/admin/verifications/{id}/approve: an optional body with the reviewer's notes. */
export const approveVerificationSchema = z.object({ adminNotes: adminNotesSchema });

/** POST /api/admin/verifications/{id}/reject: both fields, which the homeowner is mailed, and the reviewer's notes. */
export const rejectVerificationSchema = z.object({
  subject: z
    .string({ error: REVIEW_FIELDS_MESSAGE })
    .trim()
    .max(200, { error: 'Subject must be less than 200 characters', abort: true })
    .min(1, REVIEW_FIELDS_MESSAGE)
    // A line break in a subject would start a new mail header.
    .transform((subject) => subject.replace(/[\r\n]+/g, ' ')),
  message: z.string({ error: REVIEW_FIELDS_MESSAGE }).trim().max(5000, 'Message must be less than 5000 characters').min(1, REVIEW_FIELDS_MESSAGE),
  adminNotes: adminNotesSchema,
});
export type RejectVerificationInput = z.input<typeof rejectVerificationSchema>;

/** Where a submitted bill stands. */
export type VerificationReviewStatus = 'pending' | 'approved' | 'rejected';

/** A submission as the back office's Homeowners tab shows it. */
export interface AdminVerificationJson {
  id: string;
  userId: string;
  documentType: 'utility_bill';
  /** The bill's key; GET /api/admin/verification-document/{encodedKey} gives an address. */
  documentUrl: string;
  utilityBillUrl: string;
  status: VerificationReviewStatus;
  submittedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  /** The reviewer's name (`reviewedBy` is their administrator id). */
  reviewedByName: string | null;
  rejectionReason: string | null;
  /** The reviewer's notes for other administrators (the spec's review payload). */
  adminNotes: string | null;
  /** Null only if the homeowner's account is missing from the read models. */
  userName: string | null;
  userEmail: string | null;
}

/** How many submissions are in each state, whatever the page shows (GET /api/admin/verifications' `counts`). */
export type VerificationCounts = Record<VerificationReviewStatus, number>;

/** POST /api/admin/verifications/approve: the ids approved, and why each other one was not. */
export interface BulkApprovalJson {
  approved: string[];
  skipped: Array<{ id: string; reason: string }>;
}

/** GET /api/verification/status, and the answer of POST /api/verification/submit: the homeowner's own bill. */
export interface VerificationStatusJson {
  status: 'not_submitted' | VerificationReviewStatus;
  submittedAt?: string;
  reviewedAt?: string;
  rejectionReason?: string;
}

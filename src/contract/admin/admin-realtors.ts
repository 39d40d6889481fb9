import { z } from 'zod';
import type { RealtorVerificationStatus } from '../realtor-profiles/realtor-profiles';
import { rejectVerificationSchema } from '../verification/verification';

/** A realtor as the Realtors tab lists one: the account, and the saved profile's fields when there is one. */
export interface AdminRealtor {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  credits: number;
  joinedAt: string;
  hasProfile: boolean;
  brokerageName: string;
  licenseNumber: string;
  yearsExperience: number | null;
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  commissionRate: string;
  about: string;
  profileImage: string | null;
  /** When the profile was first and last saved; null without a profile. */
  createdAt: string | null;
  updatedAt: string | null;
  /** The licence review (docs/decisions/0050): 'not_submitted' without a profile. */
  verificationStatus: RealtorVerificationStatus;
  /** When the profile last went to review; null before. */
  submittedAt: string | null;
  reviewedAt: string | null;
  /** The licence document's key; GET /api/admin/realtor-document/{encodedKey} gives an address. */
  verificationDocumentUrl: string | null;
  /** The last rejection or revocation, until the next approval. */
  rejectionSubject: string | null;
  rejectionMessage: string | null;
}

/** POST /api/admin/realtor-profiles/{userId}/reject: both mailed to the realtor, as for bills. */
export const rejectRealtorSchema = rejectVerificationSchema.pick({ subject: true, message: true });
export type RejectRealtorInput = z.input<typeof rejectRealtorSchema>;

export const REVOKE_REASON_MESSAGE = 'Please give a reason';
/** The subject a revocation is shown and mailed under; its reason is the message. */
export const REVOKED_SUBJECT = 'Licence verification revoked';

/** POST /api/admin/realtor-profiles/{userId}/revoke: why the licence no longer holds, mailed to the realtor. */
export const revokeRealtorSchema = z.object({
  reason: z.string({ error: REVOKE_REASON_MESSAGE }).trim().max(2000, 'Reason must be less than 2000 characters').min(1, REVOKE_REASON_MESSAGE),
});
export type RevokeRealtorInput = z.input<typeof revokeRealtorSchema>;

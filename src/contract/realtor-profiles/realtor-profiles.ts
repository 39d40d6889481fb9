import { z } from 'zod';
import { isBlobKey } from '../blob-keys';
import type { ReviewSummary } from '../reviews/reviews';
import { SERVICE_AREAS } from '../service-areas';

/*
 * The realtor profile's input rules (SPEC §5 Realtor profile) and the three
 * tag lists (SPEC §9). Pure: the server validates POST /api/realtor-profile
 * with this schema and the profile screen builds its pickers and its form
 * checks from the same lists and messages.
 */

export { SERVICE_AREAS } from '../service-areas';

export const SPECIALTIES = [
  'Luxury Homes',
  'Condos',
  'Single-family',
  'Detached',
  'First-time Buyers',
  'Investment Properties',
  'Commercial',
  'New Construction',
  'Vacation Homes',
  'Multi-family',
] as const;

export const ADDITIONAL_SERVICES = ['Staging', 'Photography', 'Marketing', 'Legal Assistance', 'Home Inspection', 'Virtual Tours', 'Floor Plans'] as const;

export const SERVICE_AREA_REQUIRED = 'At least one service area is required';
export const SPECIALTY_REQUIRED = 'At least one specialty is required';
export const INVALID_COMMISSION_RATE = 'Invalid commission rate format';
export const YEARS_OF_EXPERIENCE_RULE = 'Years of experience must be a whole number of at least 0';
/** A picture is an image uploaded to our blob store, never an address of another site or a data URL (docs/decisions/0024). */
export const PROFILE_IMAGE_RULE = 'Profile image must be a picture you uploaded';
/** The licence document is a JPG, PNG or PDF uploaded through POST /api/upload-document, as bills are. */
export const LICENCE_DOCUMENT_RULE = 'Licence document must be a JPG, PNG or PDF you uploaded';
// Longer than any key the server makes ('images/{uuid}.webp'); checked first, so a long value is refused unread.
const MAX_IMAGE_KEY_LENGTH = 64;

/** Digits with up to 2 decimals and an optional percent sign: '2', '2.5', '2.75%'. */
/** Optional: empty, or digits with up to 2 decimals and an optional percent sign. */
const COMMISSION_RATE = /^(?:\d+(?:\.\d{1,2})?%?)?$/;

/** Tags from one list, each once, in the order given. */
const tags = <T extends readonly [string, ...string[]]>(list: T, invalid: string) =>
  z.preprocess(
    (value) => value ?? [],
    z.array(z.enum(list, { error: invalid }), { error: invalid }).transform((values) => [...new Set(values)]),
  );

const optionalText = (max: number, message: string) =>
  z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string({ error: message }).trim().max(max, message));

/** Empty, missing or not a number falls back to 0 (SPEC §3); a number must be a whole one of at least 0. */
const yearsOfExperience = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return 0;
    if (typeof value === 'string') return Number.isNaN(Number(value)) ? 0 : Number(value);
    return value;
  },
  z.number({ error: YEARS_OF_EXPERIENCE_RULE }).int(YEARS_OF_EXPERIENCE_RULE).min(0, YEARS_OF_EXPERIENCE_RULE),
);

export const realtorProfileSchema = z.object({
  brokerageName: optionalText(255, 'Brokerage name must be less than 255 characters'),
  licenseNumber: optionalText(100, 'License number must be less than 100 characters'),
  serviceAreas: tags(SERVICE_AREAS, 'Invalid service area').refine((list) => list.length >= 1, SERVICE_AREA_REQUIRED),
  specialties: tags(SPECIALTIES, 'Invalid specialty').refine((list) => list.length >= 1, SPECIALTY_REQUIRED),
  additionalServices: tags(ADDITIONAL_SERVICES, 'Invalid additional service'),
  // The length aborts the field's checks, so the pattern never reads a long input (docs/decisions/0021).
  commissionRate: z
    .string({ error: INVALID_COMMISSION_RATE })
    .trim()
    .max(20, { error: INVALID_COMMISSION_RATE, abort: true })
    .regex(COMMISSION_RATE, INVALID_COMMISSION_RATE),
  about: optionalText(5000, 'About must be less than 5000 characters'),
  yearsOfExperience,
  profileImageUrl: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: PROFILE_IMAGE_RULE })
      .max(MAX_IMAGE_KEY_LENGTH, { error: PROFILE_IMAGE_RULE, abort: true })
      .refine((key) => isBlobKey(key, 'images'), PROFILE_IMAGE_RULE)
      .optional(),
  ),
  /** The licence document's key, as POST /api/upload-document answered it; absent or empty keeps none. */
  verificationDocumentUrl: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: LICENCE_DOCUMENT_RULE })
      .max(MAX_IMAGE_KEY_LENGTH, { error: LICENCE_DOCUMENT_RULE, abort: true })
      .refine((key) => isBlobKey(key, 'bills'), LICENCE_DOCUMENT_RULE)
      .optional(),
  ),
});
export type RealtorProfileInput = z.input<typeof realtorProfileSchema>;
export type RealtorProfileData = z.output<typeof realtorProfileSchema>;

/** The form's starting values (SPEC §3: empty strings and lists, experience 0). */
export const EMPTY_REALTOR_PROFILE = {
  brokerageName: '',
  licenseNumber: '',
  serviceAreas: [] as string[],
  specialties: [] as string[],
  additionalServices: [] as string[],
  commissionRate: '',
  about: '',
  yearsOfExperience: 0,
};

/*
 * Licence verification (docs/decisions/0050): a profile goes to review once it
 * carries everything below, and only an approved realtor bids.
 */

export const REALTOR_VERIFICATION_STATUSES = ['not_submitted', 'pending', 'approved', 'rejected'] as const;
export type RealtorVerificationStatus = (typeof REALTOR_VERIFICATION_STATUSES)[number];

/** The bid gate's answer (403), and the listing page's sentence for a realtor who is not approved. */
export const ONLY_VERIFIED_REALTORS_BID = 'Only verified realtors can bid. Complete your profile and licence verification.';

/** What a profile needs before review, as the profile screen names it. */
export interface VerificationFields {
  licenseNumber: string;
  brokerageName: string;
  yearsOfExperience: number;
  serviceAreas: readonly string[];
  specialties: readonly string[];
  verificationDocumentUrl?: string | null;
}

/** What is still missing for review, in the form's order; empty when the profile can be reviewed. */
export function missingForVerification(profile: VerificationFields): string[] {
  const missing: string[] = [];
  if (profile.licenseNumber.trim() === '') missing.push('Licence number');
  if (profile.brokerageName.trim() === '') missing.push('Brokerage name');
  if (!(profile.yearsOfExperience > 0)) missing.push('Years of experience');
  if (profile.serviceAreas.length === 0) missing.push('At least one service area');
  if (profile.specialties.length === 0) missing.push('At least one specialty');
  if (!profile.verificationDocumentUrl) missing.push('Licence document');
  return missing;
}

/** A profile under review or approved stays complete: a save that would leave something out is refused with this. */
export const keepCompleteMessage = (missing: readonly string[]) => `Your licence verification needs: ${missing.join(', ')}`;

/** A realtor profile as answers show it; name, brokerage, licence, `email` and `phone` only where the contact rule allows. */
export interface RealtorProfileView {
  userId: string;
  name: string;
  profileImageUrl: string | null;
  brokerageName: string;
  licenseNumber: string;
  yearsOfExperience: number;
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  commissionRate: string;
  about: string;
  /** Null until the realtor first saves a profile. */
  updatedAt: string | null;
  /** How many listings chose them. */
  wins: number;
  /** Their visible reviews (docs/decisions/0051). */
  reviewSummary: ReviewSummary;
  /** Where the licence review stands. */
  verificationStatus: RealtorVerificationStatus;
  /** The licence was checked and approved (SPEC: realtor_profiles.isVerified); a bid row says the same as `realtorVerified`. */
  isVerified: boolean;
  email?: string;
  phone?: string | null;
  /** The realtor's own profile only: the licence document, when it went to review, what is missing and the last rejection. */
  verification?: OwnVerificationView;
}

export interface OwnVerificationView {
  documentUrl: string | null;
  submittedAt: string | null;
  missing: string[];
  /** The administrator's subject and message of the last rejection or revocation; null after an approval. */
  rejection: { subject: string; message: string } | null;
}

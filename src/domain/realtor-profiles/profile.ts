import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import type { RealtorProfileData, RealtorVerificationStatus } from '../../contract/realtor-profiles/realtor-profiles';
import { keepCompleteMessage, missingForVerification } from '../../contract/realtor-profiles/realtor-profiles';
import { REVIEW_FIELDS_MESSAGE } from '../../contract/verification/verification';
import { REVOKE_REASON_MESSAGE, REVOKED_SUBJECT } from '../../contract/admin/admin-realtors';
import { streamScheme } from '../shared/stream-ids';

/*
 * A realtor's professional profile and its licence verification, one stream
 * per realtor (`realtor-profile-{userId}`). Saving replaces the whole profile
 * (the licence document stays when a save sends none); the role comes from the
 * session, because the account is another context. A save that completes the
 * profile sends it to review; an administrator approves, rejects or revokes it
 * (docs/decisions/0050).
 */

export const realtorProfileStream = streamScheme('realtor-profile');
export const realtorProfileStreamId = realtorProfileStream.of;

export type RealtorProfileFields = {
  brokerageName: string;
  licenseNumber: string;
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  commissionRate: string;
  about: string;
  yearsOfExperience: number;
  profileImageUrl: string | null;
  /** The licence document's blob key (`bills/…`); absent on profiles saved before verification existed. */
  verificationDocumentUrl?: string | null;
};

export type SaveRealtorProfile = { type: 'SaveRealtorProfile'; userId: string; role: string; profile: RealtorProfileData; at: string };
export type ApproveRealtorVerification = { type: 'ApproveRealtorVerification'; userId: string; adminId: string; at: string };
export type RejectRealtorVerification = { type: 'RejectRealtorVerification'; userId: string; adminId: string; subject: string; message: string; at: string };
export type RevokeRealtorVerification = { type: 'RevokeRealtorVerification'; userId: string; adminId: string; reason: string; at: string };
export type RealtorProfileCommand = SaveRealtorProfile | ApproveRealtorVerification | RejectRealtorVerification | RevokeRealtorVerification;

export type RealtorProfileSaved = { type: 'RealtorProfileSaved'; data: RealtorProfileFields & { userId: string; at: string } };
/** The profile went to review: it became complete, or an approved one changed its licence number or brokerage. */
export type RealtorVerificationSubmitted = {
  type: 'RealtorVerificationSubmitted';
  data: { userId: string; licenseNumber: string; brokerageName: string; verificationDocumentUrl: string; at: string };
};
export type RealtorVerificationApproved = { type: 'RealtorVerificationApproved'; data: { userId: string; adminId: string; at: string } };
/** `subject` and `message` are what the realtor was mailed. */
export type RealtorVerificationRejected = { type: 'RealtorVerificationRejected'; data: { userId: string; adminId: string; subject: string; message: string; at: string } };
/** An approved licence that no longer holds (it lapsed): the realtor stops bidding until a new review. */
export type RealtorVerificationRevoked = { type: 'RealtorVerificationRevoked'; data: { userId: string; adminId: string; reason: string; at: string } };

export type RealtorProfileEvent =
  | RealtorProfileSaved
  | RealtorVerificationSubmitted
  | RealtorVerificationApproved
  | RealtorVerificationRejected
  | RealtorVerificationRevoked;

export const REALTOR_PROFILE_EVENT_TYPES = [
  'RealtorProfileSaved',
  'RealtorVerificationSubmitted',
  'RealtorVerificationApproved',
  'RealtorVerificationRejected',
  'RealtorVerificationRevoked',
] as const satisfies ReadonlyArray<RealtorProfileEvent['type']>;

export { REVOKED_SUBJECT };

export type RealtorVerification = {
  status: RealtorVerificationStatus;
  submittedAt: string | null;
  /** The last rejection or revocation, until the next approval. */
  rejection: { subject: string; message: string } | null;
};

export type RealtorProfileState =
  | { status: 'none'; verification: RealtorVerification }
  | { status: 'saved'; profile: RealtorProfileFields; createdAt: string; updatedAt: string; verification: RealtorVerification };

export const ONLY_REALTORS_HAVE_PROFILES = 'Only realtors have a realtor profile';
export const NOT_PENDING_REVIEW = 'This realtor profile is not pending review';
export const NOT_APPROVED = 'Only an approved realtor can be revoked';
export const REVOKE_REASON_REQUIRED = REVOKE_REASON_MESSAGE;

const NOT_SUBMITTED: RealtorVerification = { status: 'not_submitted', submittedAt: null, rejection: null };

export const realtorProfile: Decider<RealtorProfileCommand, RealtorProfileState, RealtorProfileEvent> = {
  initialState: { status: 'none', verification: NOT_SUBMITTED },
  evolve(state, event) {
    switch (event.type) {
      case 'RealtorProfileSaved': {
        const { userId: _userId, at, ...profile } = event.data;
        return { status: 'saved', profile, createdAt: state.status === 'saved' ? state.createdAt : at, updatedAt: at, verification: state.verification };
      }
      case 'RealtorVerificationSubmitted':
        return { ...state, verification: { status: 'pending', submittedAt: event.data.at, rejection: state.verification.rejection } };
      case 'RealtorVerificationApproved':
        return { ...state, verification: { ...state.verification, status: 'approved', rejection: null } };
      case 'RealtorVerificationRejected':
        return { ...state, verification: { ...state.verification, status: 'rejected', rejection: { subject: event.data.subject, message: event.data.message } } };
      case 'RealtorVerificationRevoked':
        return { ...state, verification: { ...state.verification, status: 'rejected', rejection: { subject: REVOKED_SUBJECT, message: event.data.reason } } };
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SaveRealtorProfile':
        return save(command, state);
      case 'ApproveRealtorVerification': {
        // Approving twice (a double click) decides nothing.
        if (state.verification.status === 'approved') return [];
        requirePending(state);
        return [{ type: 'RealtorVerificationApproved', data: { userId: command.userId, adminId: command.adminId, at: command.at } }];
      }
      case 'RejectRealtorVerification': {
        const subject = command.subject.trim();
        const message = command.message.trim();
        if (subject === '' || message === '') throw new ValidationError(REVIEW_FIELDS_MESSAGE);
        requirePending(state);
        return [{ type: 'RealtorVerificationRejected', data: { userId: command.userId, adminId: command.adminId, subject, message, at: command.at } }];
      }
      case 'RevokeRealtorVerification': {
        const reason = command.reason.trim();
        if (reason === '') throw new ValidationError(REVOKE_REASON_REQUIRED);
        if (state.verification.status !== 'approved') throw new ConflictError(NOT_APPROVED);
        return [{ type: 'RealtorVerificationRevoked', data: { userId: command.userId, adminId: command.adminId, reason, at: command.at } }];
      }
      default:
        return assertNever(command);
    }
  },
};

function requirePending(state: RealtorProfileState): void {
  if (state.verification.status !== 'pending') throw new ConflictError(NOT_PENDING_REVIEW);
}

function save(command: SaveRealtorProfile, state: RealtorProfileState): RealtorProfileEvent[] {
  if (command.role !== 'realtor') throw new ForbiddenError(ONLY_REALTORS_HAVE_PROFILES);
  const before = state.status === 'saved' ? state.profile : null;
  const { verificationDocumentUrl, ...fields } = command.profile;
  const profile: RealtorProfileFields = {
    ...fields,
    profileImageUrl: fields.profileImageUrl ?? null,
    // A save without a document keeps the one sent before.
    verificationDocumentUrl: verificationDocumentUrl ?? before?.verificationDocumentUrl ?? null,
  };
  if (before !== null && sameProfile(before, profile)) return [];
  const saved: RealtorProfileSaved = { type: 'RealtorProfileSaved', data: { userId: command.userId, ...profile, at: command.at } };
  const missing = missingForVerification(profile);
  const { status } = state.verification;
  if (status === 'pending' || status === 'approved') {
    // What the administrator reviewed, or is reviewing, cannot be taken away.
    if (missing.length > 0) throw new ValidationError(keepCompleteMessage(missing));
    const licenceChanged = before !== null && (before.licenseNumber !== profile.licenseNumber || before.brokerageName !== profile.brokerageName);
    return status === 'approved' && licenceChanged ? [saved, submitted(command, profile)] : [saved];
  }
  // Not submitted, or rejected: a complete profile goes (back) to review.
  return missing.length === 0 ? [saved, submitted(command, profile)] : [saved];
}

function submitted(command: SaveRealtorProfile, profile: RealtorProfileFields): RealtorVerificationSubmitted {
  const { licenseNumber, brokerageName } = profile;
  return { type: 'RealtorVerificationSubmitted', data: { userId: command.userId, licenseNumber, brokerageName, verificationDocumentUrl: profile.verificationDocumentUrl ?? '', at: command.at } };
}

function sameProfile(a: RealtorProfileFields, b: RealtorProfileFields): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof RealtorProfileFields>);
  return [...keys].every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));
}

export function isRealtorProfileEvent<E extends { type: string; streamId: string }>(event: E): event is E & RealtorProfileEvent {
  return (REALTOR_PROFILE_EVENT_TYPES as readonly string[]).includes(event.type) && realtorProfileStream.owns(event.streamId);
}

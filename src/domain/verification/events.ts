import type { RecordedEvent } from '../../event-store/port';
import { streamScheme } from '../shared/stream-ids';

/** One homeowner's ownership verification: `verification-{userId}`. */
export const verificationStream = streamScheme('verification');
export const verificationStreamId = verificationStream.of;

export const DOCUMENT_TYPE = 'utility_bill';

export type VerificationSubmitted = {
  type: 'VerificationSubmitted';
  data: {
    verificationId: string;
    userId: string;
    documentType: typeof DOCUMENT_TYPE;
    /** The bill's blob key (`bills/…`), never a public address. */
    documentKey: string;
    /** The pending submission this one replaces, which is then gone from the review queue. */
    replaces: string | null;
    at: string;
  };
};

export type VerificationApproved = {
  type: 'VerificationApproved';
  /** `adminNotes`: the reviewer's notes for other administrators; absent on reviews recorded before notes existed. */
  data: { verificationId: string; userId: string; adminId: string; adminNotes?: string | null; at: string };
};

export type VerificationRejected = {
  type: 'VerificationRejected';
  /** `subject` and `message` are what the homeowner was mailed; `message` is the rejection reason. */
  data: { verificationId: string; userId: string; adminId: string; subject: string; message: string; adminNotes?: string | null; at: string };
};

export type VerificationEvent = VerificationSubmitted | VerificationApproved | VerificationRejected;

export const VERIFICATION_EVENT_TYPES = ['VerificationSubmitted', 'VerificationApproved', 'VerificationRejected'] as const satisfies ReadonlyArray<
  VerificationEvent['type']
>;

export function isVerificationEvent(event: RecordedEvent): event is RecordedEvent & VerificationEvent {
  return verificationStream.owns(event.streamId) && (VERIFICATION_EVENT_TYPES as readonly string[]).includes(event.type);
}

import { assertNever } from '../shared/decider';
import type { VerificationEvent } from './events';

export interface Submission {
  verificationId: string;
  userId: string;
  documentKey: string;
  submittedAt: string;
}

interface Review {
  reviewedAt: string;
  reviewedBy: string;
  adminNotes: string | null;
}

/** The spec's states: Not Verified, then pending, then approved or rejected (and pending again on resubmission). */
export type VerificationState =
  | { status: 'not_submitted' }
  | { status: 'pending'; submission: Submission }
  | ({ status: 'approved'; submission: Submission } & Review)
  | ({ status: 'rejected'; submission: Submission; subject: string; message: string } & Review);

export type VerificationStatus = VerificationState['status'];

export const initialVerificationState: VerificationState = { status: 'not_submitted' };

export function evolveVerification(state: VerificationState, event: VerificationEvent): VerificationState {
  switch (event.type) {
    case 'VerificationSubmitted': {
      const { verificationId, userId, documentKey, at } = event.data;
      return { status: 'pending', submission: { verificationId, userId, documentKey, submittedAt: at } };
    }
    case 'VerificationApproved':
      if (state.status === 'not_submitted') return state;
      return { status: 'approved', submission: state.submission, reviewedAt: event.data.at, reviewedBy: event.data.adminId, adminNotes: event.data.adminNotes ?? null };
    case 'VerificationRejected':
      if (state.status === 'not_submitted') return state;
      return {
        status: 'rejected',
        submission: state.submission,
        reviewedAt: event.data.at,
        reviewedBy: event.data.adminId,
        adminNotes: event.data.adminNotes ?? null,
        subject: event.data.subject,
        message: event.data.message,
      };
    default:
      return assertNever(event);
  }
}

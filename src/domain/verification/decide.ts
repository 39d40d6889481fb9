import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { VerificationCommand } from './commands';
import type { VerificationEvent } from './events';
import { DOCUMENT_TYPE } from './events';
import { REVIEW_FIELDS_MESSAGE } from '../../contract/verification/verification';
import type { VerificationState } from './verification';
import { evolveVerification, initialVerificationState } from './verification';

export const ALREADY_VERIFIED = 'Your ownership is already verified';
export const VERIFICATION_NOT_FOUND = 'Verification not found';
export const NO_LONGER_PENDING = 'This verification is no longer pending';

/** A homeowner's verification stream `verification-{userId}`. */
export const verification: Decider<VerificationCommand, VerificationState, VerificationEvent> = {
  initialState: initialVerificationState,
  evolve: evolveVerification,
  decide(command, state) {
    switch (command.type) {
      case 'SubmitVerification': {
        if (state.status === 'approved') throw new ConflictError(ALREADY_VERIFIED);
        // A retried request must not replace its own submission.
        if (state.status === 'pending' && state.submission.verificationId === command.verificationId) return [];
        const replaces = state.status === 'pending' ? state.submission.verificationId : null;
        const { verificationId, userId, documentKey, at } = command;
        return [{ type: 'VerificationSubmitted', data: { verificationId, userId, documentType: DOCUMENT_TYPE, documentKey, replaces, at } }];
      }
      case 'ApproveVerification': {
        // Approving twice (a double click) decides nothing.
        if (state.status === 'approved' && state.submission.verificationId === command.verificationId) return [];
        const submission = requirePending(state, command.verificationId);
        const { adminId, adminNotes, at } = command;
        return [{ type: 'VerificationApproved', data: { verificationId: submission.verificationId, userId: submission.userId, adminId, adminNotes: notesOf(adminNotes), at } }];
      }
      case 'RejectVerification': {
        const subject = command.subject.trim();
        const message = command.message.trim();
        if (subject === '' || message === '') throw new ValidationError(REVIEW_FIELDS_MESSAGE);
        // Rejecting twice decides nothing, so the homeowner is not mailed twice.
        if (state.status === 'rejected' && state.submission.verificationId === command.verificationId) return [];
        const submission = requirePending(state, command.verificationId);
        return [
          {
            type: 'VerificationRejected',
            data: {
              verificationId: submission.verificationId,
              userId: submission.userId,
              adminId: command.adminId,
              subject,
              message,
              adminNotes: notesOf(command.adminNotes),
              at: command.at,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

/** Blank notes are no notes. */
const notesOf = (notes: string | null | undefined) => (notes === null || notes === undefined || notes.trim() === '' ? null : notes.trim());

function requirePending(state: VerificationState, verificationId: string) {
  if (state.status === 'not_submitted') throw new NotFoundError(VERIFICATION_NOT_FOUND);
  // An older submission of the same homeowner, or one already reviewed.
  if (state.status !== 'pending' || state.submission.verificationId !== verificationId) throw new ConflictError(NO_LONGER_PENDING);
  return state.submission;
}

import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { ALREADY_VERIFIED, NO_LONGER_PENDING, VERIFICATION_NOT_FOUND, verification } from './decide';
import type { VerificationEvent } from './events';
import { REVIEW_FIELDS_MESSAGE } from '../../contract/verification/verification';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T09:00:00.000Z';
const userId = 'u1';
const bill1 = 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf';
const bill2 = 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e02.png';

const submitted = (verificationId: string, documentKey = bill1, replaces: string | null = null, when = at): VerificationEvent => ({
  type: 'VerificationSubmitted',
  data: { verificationId, userId, documentType: 'utility_bill', documentKey, replaces, at: when },
});
const approved = (verificationId: string, adminNotes: string | null = null): VerificationEvent => ({
  type: 'VerificationApproved',
  data: { verificationId, userId, adminId: 'a1', adminNotes, at: later },
});
const rejected = (verificationId: string, adminNotes: string | null = null): VerificationEvent => ({
  type: 'VerificationRejected',
  data: { verificationId, userId, adminId: 'a1', subject: 'Bill too old', message: 'Please upload a bill from the last 3 months.', adminNotes, at: later },
});
const submit = (verificationId: string, documentKey = bill1, when = at) => ({ type: 'SubmitVerification' as const, verificationId, userId, documentKey, at: when });
const approve = (verificationId: string, adminNotes: string | null = null) => ({ type: 'ApproveVerification' as const, verificationId, adminId: 'a1', adminNotes, at: later });
const reject = (verificationId: string, subject = 'Bill too old', message = 'Please upload a bill from the last 3 months.', adminNotes: string | null = null) => ({
  type: 'RejectVerification' as const,
  verificationId,
  adminId: 'a1',
  subject,
  message,
  adminNotes,
  at: later,
});

describe('SubmitVerification', () => {
  it('moves Not Verified to pending', () => {
    given(verification).when(submit('v1')).then([submitted('v1')]);
  });

  it('replaces a pending submission with a new one', () => {
    given(verification, [submitted('v1')]).when(submit('v2', bill2, later)).then([submitted('v2', bill2, 'v1', later)]);
  });

  it('is a no-op when the same submission is retried', () => {
    given(verification, [submitted('v1')]).when(submit('v1')).then([]);
  });

  it('returns to pending after a rejection', () => {
    given(verification, [submitted('v1'), rejected('v1')]).when(submit('v2', bill2, later)).then([submitted('v2', bill2, null, later)]);
  });

  it('refuses once approved', () => {
    given(verification, [submitted('v1'), approved('v1')]).when(submit('v2')).thenThrows(ConflictError, ALREADY_VERIFIED);
  });
});

describe('ApproveVerification', () => {
  it('approves the pending submission', () => {
    given(verification, [submitted('v1')]).when(approve('v1')).then([approved('v1')]);
  });

  it("records the reviewer's notes, trimmed; blank notes are none", () => {
    given(verification, [submitted('v1')]).when(approve('v1', '  Name matches the deed. ')).then([approved('v1', 'Name matches the deed.')]);
    given(verification, [submitted('v1')]).when(approve('v1', '   ')).then([approved('v1')]);
  });

  it('is a no-op when approved twice', () => {
    given(verification, [submitted('v1'), approved('v1')]).when(approve('v1')).then([]);
  });

  it('refuses when nothing was submitted', () => {
    given(verification).when(approve('v1')).thenThrows(NotFoundError, VERIFICATION_NOT_FOUND);
  });

  it('refuses a replaced or rejected submission', () => {
    given(verification, [submitted('v1'), submitted('v2', bill2, 'v1')]).when(approve('v1')).thenThrows(ConflictError, NO_LONGER_PENDING);
    given(verification, [submitted('v1'), rejected('v1')]).when(approve('v1')).thenThrows(ConflictError, NO_LONGER_PENDING);
  });
});

describe('RejectVerification', () => {
  it('rejects the pending submission with the subject and message mailed', () => {
    given(verification, [submitted('v1')]).when(reject('v1')).then([rejected('v1')]);
  });

  it("records the reviewer's notes beside what the homeowner is mailed", () => {
    given(verification, [submitted('v1')]).when(reject('v1', undefined, undefined, 'Address is a PO box.')).then([rejected('v1', 'Address is a PO box.')]);
  });

  it('trims the subject and message', () => {
    given(verification, [submitted('v1')]).when(reject('v1', '  Bill too old ', '\nPlease upload a bill from the last 3 months.  ')).then([rejected('v1')]);
  });

  it('needs both subject and message', () => {
    given(verification, [submitted('v1')]).when(reject('v1', ' ', 'Message')).thenThrows(ValidationError, REVIEW_FIELDS_MESSAGE);
    given(verification, [submitted('v1')]).when(reject('v1', 'Subject', '')).thenThrows(ValidationError, REVIEW_FIELDS_MESSAGE);
  });

  it('is a no-op when rejected twice, so the homeowner is mailed once', () => {
    given(verification, [submitted('v1'), rejected('v1')]).when(reject('v1')).then([]);
  });

  it('refuses when nothing was submitted, or the submission is no longer pending', () => {
    given(verification).when(reject('v1')).thenThrows(NotFoundError, VERIFICATION_NOT_FOUND);
    given(verification, [submitted('v1'), approved('v1')]).when(reject('v1')).thenThrows(ConflictError, NO_LONGER_PENDING);
    given(verification, [submitted('v1'), submitted('v2', bill2, 'v1')]).when(reject('v1')).thenThrows(ConflictError, NO_LONGER_PENDING);
  });
});

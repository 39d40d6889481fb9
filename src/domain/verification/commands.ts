/*
 * Commands on a homeowner's verification stream. Ids and times come with the
 * command. That the bill is one this homeowner uploaded, and that the caller
 * is a homeowner or an administrator, is checked before (src/http/routes/verification/verification.ts).
 */

export type SubmitVerification = { type: 'SubmitVerification'; verificationId: string; userId: string; documentKey: string; at: string };
/** `adminNotes`: the reviewer's own notes, for other administrators; never mailed. */
export type ApproveVerification = { type: 'ApproveVerification'; verificationId: string; adminId: string; adminNotes?: string | null; at: string };
export type RejectVerification = {
  type: 'RejectVerification';
  verificationId: string;
  adminId: string;
  subject: string;
  message: string;
  adminNotes?: string | null;
  at: string;
};

export type VerificationCommand = SubmitVerification | ApproveVerification | RejectVerification;

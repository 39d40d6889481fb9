/*
 * Acts that change no state but belong in the activity log (docs/decisions/0034):
 * a failed sign-in, an administrator opening a homeowner's bill, an export.
 * Nothing is decided about them, so they have no decider: each is appended to
 * the audit stream of the person it concerns, `audit-{kind}-{id}`, with
 * "any revision" (no read, no conflict). Failed sign-ins of names nobody owns
 * go to `audit-{kind}-unknown`. What bounds them is the sign-in rate limits:
 * a refused attempt (429) records nothing.
 */

export type AuditSubjectKind = 'user' | 'admin';

export const auditStreamId = (kind: AuditSubjectKind, id: string | null) => `audit-${kind}-${id ?? 'unknown'}`;

/** Why a sign-in failed, for administrators only: the answer to the person is the same 401 for all three. */
export type SignInFailure = 'unknown_account' | 'wrong_password' | 'inactive';

export type SignInFailed = {
  type: 'SignInFailed';
  data: {
    kind: AuditSubjectKind;
    /** The account the typed name or email belongs to; null when it belongs to nobody. */
    accountId: string | null;
    /** What was typed as the username or email, lower-cased (bounded by the sign-in schema). */
    identifier: string;
    reason: SignInFailure;
    at: string;
  };
};

/** An administrator asked for an address of a homeowner's utility bill. */
export type VerificationDocumentOpened = {
  type: 'VerificationDocumentOpened';
  data: { adminId: string; verificationId: string; userId: string; at: string };
};

/** An administrator asked for an address of a realtor's licence document (docs/decisions/0050). */
export type RealtorDocumentOpened = {
  type: 'RealtorDocumentOpened';
  data: { adminId: string; userId: string; at: string };
};

export const EXPORTS = ['prospects', 'activity'] as const;
export type ExportName = (typeof EXPORTS)[number];

/** An administrator downloaded a CSV: which one, with which filters, how many rows. */
export type DataExported = {
  type: 'DataExported';
  data: { adminId: string; export: ExportName; filters: Record<string, string>; rows: number; at: string };
};

export type AuditEvent = SignInFailed | VerificationDocumentOpened | RealtorDocumentOpened | DataExported;

export const AUDIT_EVENT_TYPES = ['SignInFailed', 'VerificationDocumentOpened', 'RealtorDocumentOpened', 'DataExported'] as const satisfies ReadonlyArray<AuditEvent['type']>;

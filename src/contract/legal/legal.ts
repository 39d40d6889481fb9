import { z } from 'zod';

/*
 * Legal documents' input rules, with the spec's messages (SPEC §5 "Legal
 * document"). Pure zod, shared by the server and the admin screens. Keys are
 * in the form's order, because the first failing rule is the one shown.
 */

export const LEGAL_DOCUMENT_TYPES = ['tos_homeowner', 'tos_realtor', 'privacy_policy'] as const;
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];

/** The roles that accept documents; the same values as an account's role. */
export const LEGAL_ROLES = ['homeowner', 'realtor'] as const;
export type LegalRole = (typeof LEGAL_ROLES)[number];

/** The documents a person of `role` accepts: the role's terms of service and the privacy policy. */
export function documentTypesForRole(role: LegalRole): LegalDocumentType[] {
  return [role === 'realtor' ? 'tos_realtor' : 'tos_homeowner', 'privacy_policy'];
}

export const ACCEPTANCE_REQUIRED = 'Please accept the Terms of Service and Privacy Policy';
const DATE_MESSAGE = 'Please select a valid date and time';
const TYPE_MESSAGE = 'Type must be tos_homeowner, tos_realtor or privacy_policy';
/**
 * The spec sets no limit on a document's text. 150,000 characters is several
 * times the length of long terms of service, and even at 3 bytes a character
 * (UTF-8) a document's event stays under the event store's 512 kB
 * (docs/decisions/0021).
 */
export const LEGAL_CONTENT_MAX = 150_000;
export const CONTENT_TOO_LONG = `Content must be less than ${LEGAL_CONTENT_MAX} characters`;

const FORM_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The effective date as an ISO string (UTC, with milliseconds). Accepts the
 * form's `YYYY-MM-DDTHH:MM` (a datetime-local value, read as UTC) or a full ISO
 * datetime with a zone; the admin screen converts its local time with
 * `new Date(value).toISOString()` so the zone is kept.
 */
export function parseEffectiveDate(value: string): string | null {
  const form = FORM_DATETIME.exec(value);
  const ymd = form ?? /^(\d{4})-(\d{2})-(\d{2})T/.exec(value);
  if (!ymd || !isCalendarDay(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]))) return null;
  if (!form && !z.iso.datetime({ offset: true }).safeParse(value).success) return null;
  const time = Date.parse(form ? `${value}:00.000Z` : value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export const effectiveDateSchema = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .max(64, DATE_MESSAGE)
  .transform((value, ctx) => {
    const parsed = parseEffectiveDate(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: DATE_MESSAGE });
      return z.NEVER;
    }
    return parsed;
  });

/** What POST and PUT /api/admin/legal-documents accept. */
export const legalDocumentSchema = z.object({
  type: z.enum(LEGAL_DOCUMENT_TYPES, { error: TYPE_MESSAGE }),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(255, 'Title must be less than 255 characters'),
  content: z
    .string({ error: 'Content is required' })
    .max(LEGAL_CONTENT_MAX, { error: CONTENT_TOO_LONG, abort: true })
    .refine((content) => content.trim() !== '', 'Content is required'),
  version: z.string({ error: 'Version is required' }).trim().min(1, 'Version is required').max(50, 'Version must be less than 50 characters'),
  effectiveDate: effectiveDateSchema,
});
export type LegalDocumentInput = z.input<typeof legalDocumentSchema>;
export type LegalDocumentData = z.output<typeof legalDocumentSchema>;

const DOCUMENT_IDS_MESSAGE = 'Document ids must be a list of document numbers';

/** A document id: a positive whole number, or its digits as a string (from a URL or a form). */
export const documentIdSchema = z.union(
  [
    z.number().int().positive(),
    z
      .string()
      .max(15, { abort: true })
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
  ],
  {
    error: DOCUMENT_IDS_MESSAGE,
  },
);

/** A list of document ids, at most a few dozen; duplicates are dropped. */
export const documentIdsSchema = z
  .array(documentIdSchema, { error: DOCUMENT_IDS_MESSAGE })
  .max(50, DOCUMENT_IDS_MESSAGE)
  .transform((ids) => [...new Set(ids)]);

/** What POST /api/user/agreements accepts. Client-claimed ipAddress and userAgent are ignored: the server records its own. */
export const acceptAgreementsSchema = z.object({
  documentIds: documentIdsSchema.refine((ids) => ids.length > 0, 'Please accept at least one document'),
  ipAddress: z.unknown().optional(),
  userAgent: z.unknown().optional(),
});
export type AcceptAgreementsInput = z.input<typeof acceptAgreementsSchema>;

/** A document id in a URL: the number, or null for anything else (answered as not found). */
export function parseDocumentId(value: string): number | null {
  const parsed = documentIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Where a version stands now: a draft (its text may change), scheduled (it
 * comes into force at `scheduledFor`), active (in force), or superseded (was in
 * force, another one is now). Computed from the type's activations and the clock.
 */
export type LegalDocumentStatus = 'draft' | 'scheduled' | 'active' | 'superseded';

/** A legal document version as the back office sees it. */
export interface AdminLegalDocument {
  id: number;
  type: LegalDocumentType;
  title: string;
  content: string;
  version: string;
  isActive: boolean;
  status: LegalDocumentStatus;
  /** When a scheduled version comes into force. */
  scheduledFor: string | null;
  /** Its text is final: an edit saves a new draft version. */
  locked: boolean;
  /** The locked version this draft was edited from. */
  previousVersionId: number | null;
  effectiveDate: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

/** A published legal document as anyone may read it (GET /api/legal-documents/{type}, registration, pending agreements). */
export interface PublicLegalDocument {
  id: number;
  type: LegalDocumentType;
  title: string;
  content: string;
  version: string;
  effectiveDate: string;
}

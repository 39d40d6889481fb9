import type { RecordedEvent } from '../../event-store/port';
import type { LegalDocumentType } from '../../contract/legal/legal';
import { streamScheme } from '../shared/stream-ids';

/*
 * Streams of the legal context (docs/decisions/0011-legal-and-prospects.md):
 * - `legal-document-ids`: hands out document numbers, one after the other;
 * - `legal-document-{id}`: one version's content and lifecycle; once locked
 *   (just before its first activation) its text never changes;
 * - `legal-active-{type}`: which version of a type is in force from when, so
 *   "one in force per type" is decided in one stream;
 * - `agreements-{userId}`: the documents one user accepted, each once.
 */

export const LEGAL_DOCUMENT_IDS_STREAM = 'legal-document-ids';
/** `legal-document-{id}` and `legal-active-{type}`. */
export const legalStream = streamScheme('legal');
export const agreementsStream = streamScheme('agreements');
export const legalDocumentStreamId = (documentId: number) => legalStream.of(`document-${documentId}`);
export const legalActiveStreamId = (type: LegalDocumentType) => legalStream.of(`active-${type}`);
export const agreementsStreamId = agreementsStream.of;

export type LegalDocumentIdAllocated = { type: 'LegalDocumentIdAllocated'; data: { documentId: number; at: string } };

type DocumentFields = { title: string; content: string; version: string; effectiveDate: string };

export type LegalDocumentCreated = {
  type: 'LegalDocumentCreated';
  data: { documentId: number; type: LegalDocumentType } & DocumentFields & {
      createdBy: string;
      at: string;
      /** The locked version an edit started from; absent on documents written from scratch (and before versions existed). */
      previousVersionId?: number | null;
    };
};
export type LegalDocumentUpdated = {
  type: 'LegalDocumentUpdated';
  data: { documentId: number; type: LegalDocumentType } & DocumentFields & { updatedBy: string; at: string };
};
export type LegalDocumentDeleted = {
  type: 'LegalDocumentDeleted';
  data: { documentId: number; type: LegalDocumentType; deletedBy: string; at: string };
};
/** The version's text is final: appended to its own stream before it is first activated, so no edit can race the activation. */
export type LegalDocumentLocked = {
  type: 'LegalDocumentLocked';
  data: { documentId: number; type: LegalDocumentType; version: string; lockedBy: string; at: string };
};
export type LegalDocumentActivated = {
  type: 'LegalDocumentActivated';
  data: {
    documentId: number;
    type: LegalDocumentType;
    /** The version in force at `effectiveAt` until this one. */
    previousDocumentId: number | null;
    activatedBy: string;
    at: string;
    /** When it is in force: its effective date, or the activation itself when that date has passed. Absent before scheduling existed: `at`. */
    effectiveAt?: string;
  };
};
export type AgreementAccepted = {
  type: 'AgreementAccepted';
  data: {
    userId: string;
    documentId: number;
    /** The version label of the exact text accepted; absent on agreements recorded before versions were locked. */
    version?: string;
    ipAddress: string | null;
    userAgent: string | null;
    at: string;
  };
};

export type LegalDocumentEvent = LegalDocumentCreated | LegalDocumentUpdated | LegalDocumentDeleted | LegalDocumentLocked;
export type LegalEvent = LegalDocumentIdAllocated | LegalDocumentEvent | LegalDocumentActivated | AgreementAccepted;

export const LEGAL_EVENT_TYPES = [
  'LegalDocumentIdAllocated',
  'LegalDocumentCreated',
  'LegalDocumentUpdated',
  'LegalDocumentDeleted',
  'LegalDocumentLocked',
  'LegalDocumentActivated',
  'AgreementAccepted',
] as const satisfies ReadonlyArray<LegalEvent['type']>;

const TYPES: ReadonlySet<string> = new Set(LEGAL_EVENT_TYPES);

/** An event of the legal context's streams, narrowed for projections. */
export function isLegalEvent(event: RecordedEvent): event is RecordedEvent & LegalEvent {
  return TYPES.has(event.type) && (legalStream.owns(event.streamId) || agreementsStream.owns(event.streamId));
}

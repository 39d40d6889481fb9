import type { RecordedEvent } from '../../event-store/port';
import type { LegalDocumentType } from './rules';

/*
 * Streams of the legal context (docs/decisions/0011-legal-and-prospects.md):
 * - `legal-document-ids`: hands out document numbers, one after the other;
 * - `legal-document-{id}`: one document's content and lifecycle;
 * - `legal-active-{type}`: which document of a type is active, so "one
 *   active per type" is decided in one stream;
 * - `agreements-{userId}`: the documents one user accepted, each once.
 */

export const LEGAL_DOCUMENT_IDS_STREAM = 'legal-document-ids';
export const legalDocumentStreamId = (documentId: number) => `legal-document-${documentId}`;
export const legalActiveStreamId = (type: LegalDocumentType) => `legal-active-${type}`;
export const agreementsStreamId = (userId: string) => `agreements-${userId}`;

export type LegalDocumentIdAllocated = { type: 'LegalDocumentIdAllocated'; data: { documentId: number; at: string } };

type DocumentFields = { title: string; content: string; version: string; effectiveDate: string };

export type LegalDocumentCreated = {
  type: 'LegalDocumentCreated';
  data: { documentId: number; type: LegalDocumentType } & DocumentFields & { createdBy: string; at: string };
};
export type LegalDocumentUpdated = {
  type: 'LegalDocumentUpdated';
  data: { documentId: number; type: LegalDocumentType } & DocumentFields & { updatedBy: string; at: string };
};
export type LegalDocumentDeleted = {
  type: 'LegalDocumentDeleted';
  data: { documentId: number; type: LegalDocumentType; deletedBy: string; at: string };
};
export type LegalDocumentActivated = {
  type: 'LegalDocumentActivated';
  data: { documentId: number; type: LegalDocumentType; previousDocumentId: number | null; activatedBy: string; at: string };
};
export type AgreementAccepted = {
  type: 'AgreementAccepted';
  data: { userId: string; documentId: number; ipAddress: string | null; userAgent: string | null; at: string };
};

export type LegalDocumentEvent = LegalDocumentCreated | LegalDocumentUpdated | LegalDocumentDeleted;
export type LegalEvent = LegalDocumentIdAllocated | LegalDocumentEvent | LegalDocumentActivated | AgreementAccepted;

export const LEGAL_EVENT_TYPES = [
  'LegalDocumentIdAllocated',
  'LegalDocumentCreated',
  'LegalDocumentUpdated',
  'LegalDocumentDeleted',
  'LegalDocumentActivated',
  'AgreementAccepted',
] as const satisfies ReadonlyArray<LegalEvent['type']>;

const TYPES: ReadonlySet<string> = new Set(LEGAL_EVENT_TYPES);

/** An event of the legal context's streams, narrowed for projections. */
export function isLegalEvent(event: RecordedEvent): event is RecordedEvent & LegalEvent {
  return TYPES.has(event.type) && (event.streamId.startsWith('legal-') || event.streamId.startsWith('agreements-'));
}

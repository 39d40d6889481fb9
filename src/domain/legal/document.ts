import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { LegalDocumentEvent } from './events';
import type { LegalDocumentType } from './rules';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const TYPE_IS_FIXED = 'The type of a document cannot be changed; create a new document instead';
export const ACTIVE_NOT_DELETABLE = 'The active document cannot be deleted. Activate another document of this type first.';

type Content = { title: string; content: string; version: string; effectiveDate: string };

export type CreateLegalDocument = { type: 'CreateLegalDocument'; documentId: number; documentType: LegalDocumentType; createdBy: string; at: string } & Content;
export type UpdateLegalDocument = { type: 'UpdateLegalDocument'; documentType: LegalDocumentType; updatedBy: string; at: string } & Content;
/**
 * `isActive` comes from the document's `legal-active-{type}` stream, read just
 * before: the document stream does not know which document is active.
 */
export type DeleteLegalDocument = { type: 'DeleteLegalDocument'; isActive: boolean; deletedBy: string; at: string };

export type LegalDocumentCommand = CreateLegalDocument | UpdateLegalDocument | DeleteLegalDocument;

export type LegalDocumentState =
  | { status: 'none' }
  | ({ status: 'existing'; documentId: number; documentType: LegalDocumentType } & Content)
  | { status: 'deleted'; documentId: number; documentType: LegalDocumentType };

const contentOf = (c: Content): Content => ({ title: c.title, content: c.content, version: c.version, effectiveDate: c.effectiveDate });

/** One legal document's stream (`legal-document-{id}`): creation, edits and deletion. */
export const legalDocumentDecider: Decider<LegalDocumentCommand, LegalDocumentState, LegalDocumentEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'LegalDocumentCreated':
        return { status: 'existing', documentId: event.data.documentId, documentType: event.data.type, ...contentOf(event.data) };
      case 'LegalDocumentUpdated':
        return state.status === 'existing' ? { ...state, ...contentOf(event.data) } : state;
      case 'LegalDocumentDeleted':
        return { status: 'deleted', documentId: event.data.documentId, documentType: event.data.type };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateLegalDocument': {
        if (state.status !== 'none') throw new ConflictError('Document already exists');
        const { documentId, documentType, createdBy, at } = command;
        return [{ type: 'LegalDocumentCreated', data: { documentId, type: documentType, ...contentOf(command), createdBy, at } }];
      }
      case 'UpdateLegalDocument': {
        if (state.status !== 'existing') throw new NotFoundError(DOCUMENT_NOT_FOUND);
        // Agreements and the active document are kept per type: a document stays the type it was made as.
        if (command.documentType !== state.documentType) throw new ValidationError(TYPE_IS_FIXED, { type: TYPE_IS_FIXED });
        const next = contentOf(command);
        const current = contentOf(state);
        if ((Object.keys(next) as Array<keyof Content>).every((key) => next[key] === current[key])) return [];
        return [
          {
            type: 'LegalDocumentUpdated',
            data: { documentId: state.documentId, type: state.documentType, ...next, updatedBy: command.updatedBy, at: command.at },
          },
        ];
      }
      case 'DeleteLegalDocument': {
        if (state.status === 'none') throw new NotFoundError(DOCUMENT_NOT_FOUND);
        // A retried delete finds its own work done.
        if (state.status === 'deleted') return [];
        if (command.isActive) throw new ConflictError(ACTIVE_NOT_DELETABLE);
        return [
          { type: 'LegalDocumentDeleted', data: { documentId: state.documentId, type: state.documentType, deletedBy: command.deletedBy, at: command.at } },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { LegalDocumentEvent } from './events';
import type { LegalDocumentType } from '../../contract/legal/legal';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const TYPE_IS_FIXED = 'The type of a document cannot be changed; create a new document instead';
export const ACTIVE_NOT_DELETABLE = 'The active document cannot be deleted. Activate another document of this type first.';
export const ACTIVATED_NOT_DELETABLE = 'A version that has been activated cannot be deleted: people may have accepted its text, so it stays on record.';
/** Refused by the decider; the PUT route answers it by saving the edit as a new draft version. */
export const VERSION_IS_LOCKED = 'This version has been activated and its text can no longer change';
export const SAVED_AS_NEW_VERSION = 'Saved as a new draft version';

type Content = { title: string; content: string; version: string; effectiveDate: string };

export type CreateLegalDocument = {
  type: 'CreateLegalDocument';
  documentId: number;
  documentType: LegalDocumentType;
  createdBy: string;
  at: string;
  /** The locked version this draft was edited from, if any. */
  previousVersionId?: number | null;
} & Content;
/**
 * `wasActivated` comes from the `legal-active-{type}` stream, read just before:
 * versions activated before locking existed carry no lock in their own stream.
 */
export type UpdateLegalDocument = { type: 'UpdateLegalDocument'; documentType: LegalDocumentType; wasActivated: boolean; updatedBy: string; at: string } & Content;
/**
 * `isActive` and `wasActivated` come from the document's `legal-active-{type}`
 * stream, read just before: the document stream does not know which is active.
 */
export type DeleteLegalDocument = { type: 'DeleteLegalDocument'; isActive: boolean; wasActivated: boolean; deletedBy: string; at: string };
/** Freezes the text, just before the first activation. */
export type LockLegalDocument = { type: 'LockLegalDocument'; lockedBy: string; at: string };

export type LegalDocumentCommand = CreateLegalDocument | UpdateLegalDocument | DeleteLegalDocument | LockLegalDocument;

export type LegalDocumentState =
  | { status: 'none' }
  | ({ status: 'existing'; documentId: number; documentType: LegalDocumentType; locked: boolean } & Content)
  | { status: 'deleted'; documentId: number; documentType: LegalDocumentType };

const contentOf = (c: Content): Content => ({ title: c.title, content: c.content, version: c.version, effectiveDate: c.effectiveDate });

/**
 * One legal document version's stream (`legal-document-{id}`): creation, edits
 * while it is a draft, the lock that freezes its text, and deletion of a draft.
 */
export const legalDocumentDecider: Decider<LegalDocumentCommand, LegalDocumentState, LegalDocumentEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'LegalDocumentCreated':
        return { status: 'existing', documentId: event.data.documentId, documentType: event.data.type, locked: false, ...contentOf(event.data) };
      case 'LegalDocumentUpdated':
        return state.status === 'existing' ? { ...state, ...contentOf(event.data) } : state;
      case 'LegalDocumentDeleted':
        return { status: 'deleted', documentId: event.data.documentId, documentType: event.data.type };
      case 'LegalDocumentLocked':
        return state.status === 'existing' ? { ...state, locked: true } : state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateLegalDocument': {
        if (state.status !== 'none') throw new ConflictError('Document already exists');
        const { documentId, documentType, createdBy, at, previousVersionId } = command;
        return [
          {
            type: 'LegalDocumentCreated',
            data: { documentId, type: documentType, ...contentOf(command), createdBy, at, ...(previousVersionId ? { previousVersionId } : {}) },
          },
        ];
      }
      case 'UpdateLegalDocument': {
        if (state.status !== 'existing') throw new NotFoundError(DOCUMENT_NOT_FOUND);
        // Agreements and the active document are kept per type: a document stays the type it was made as.
        if (command.documentType !== state.documentType) throw new ValidationError(TYPE_IS_FIXED, { type: TYPE_IS_FIXED });
        const next = contentOf(command);
        const current = contentOf(state);
        if ((Object.keys(next) as Array<keyof Content>).every((key) => next[key] === current[key])) return [];
        // People may have accepted this text: it never changes once activated.
        if (state.locked || command.wasActivated) throw new ConflictError(VERSION_IS_LOCKED);
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
        if (state.locked || command.wasActivated) throw new ConflictError(ACTIVATED_NOT_DELETABLE);
        return [
          { type: 'LegalDocumentDeleted', data: { documentId: state.documentId, type: state.documentType, deletedBy: command.deletedBy, at: command.at } },
        ];
      }
      case 'LockLegalDocument': {
        if (state.status !== 'existing') throw new NotFoundError(DOCUMENT_NOT_FOUND);
        if (state.locked) return [];
        const { documentId, documentType, version } = state;
        return [{ type: 'LegalDocumentLocked', data: { documentId, type: documentType, version, lockedBy: command.lockedBy, at: command.at } }];
      }
      default:
        return assertNever(command);
    }
  },
};

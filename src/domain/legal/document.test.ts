import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { CreateLegalDocument, UpdateLegalDocument } from './document';
import { ACTIVATED_NOT_DELETABLE, ACTIVE_NOT_DELETABLE, DOCUMENT_NOT_FOUND, TYPE_IS_FIXED, VERSION_IS_LOCKED, legalDocumentDecider } from './document';
import type { LegalDocumentEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T10:00:00.000Z';
const content = { title: 'Terms for homeowners', content: 'Be nice.', version: '1.0', effectiveDate: '2026-12-01T00:00:00.000Z' };

const create: CreateLegalDocument = { type: 'CreateLegalDocument', documentId: 7, documentType: 'tos_homeowner', createdBy: 'admin-1', at, ...content };
const created: LegalDocumentEvent = { type: 'LegalDocumentCreated', data: { documentId: 7, type: 'tos_homeowner', ...content, createdBy: 'admin-1', at } };
const update = (changes: Partial<UpdateLegalDocument> = {}): UpdateLegalDocument => ({
  type: 'UpdateLegalDocument',
  documentType: 'tos_homeowner',
  wasActivated: false,
  updatedBy: 'admin-2',
  at: later,
  ...content,
  ...changes,
});
const deleted: LegalDocumentEvent = { type: 'LegalDocumentDeleted', data: { documentId: 7, type: 'tos_homeowner', deletedBy: 'admin-2', at: later } };
const del = (isActive: boolean, wasActivated = isActive) => ({ type: 'DeleteLegalDocument', isActive, wasActivated, deletedBy: 'admin-2', at: later }) as const;
const lock = { type: 'LockLegalDocument', lockedBy: 'admin-3', at: later } as const;
const locked: LegalDocumentEvent = { type: 'LegalDocumentLocked', data: { documentId: 7, type: 'tos_homeowner', version: '1.0', lockedBy: 'admin-3', at: later } };

describe('CreateLegalDocument', () => {
  it('creates the document with its number and author', () => {
    given(legalDocumentDecider).when(create).then([created]);
  });

  it('names the locked version a new draft was edited from', () => {
    given(legalDocumentDecider)
      .when({ ...create, previousVersionId: 4 })
      .then([{ type: 'LegalDocumentCreated', data: { documentId: 7, type: 'tos_homeowner', ...content, createdBy: 'admin-1', at, previousVersionId: 4 } }]);
  });

  it('refuses to create a document twice', () => {
    given(legalDocumentDecider, [created]).when(create).thenThrows(ConflictError, 'Document already exists');
  });
});

describe('UpdateLegalDocument', () => {
  it('records the new content', () => {
    given(legalDocumentDecider, [created])
      .when(update({ version: '1.1', content: 'Be very nice.' }))
      .then([
        {
          type: 'LegalDocumentUpdated',
          data: { documentId: 7, type: 'tos_homeowner', ...content, version: '1.1', content: 'Be very nice.', updatedBy: 'admin-2', at: later },
        },
      ]);
  });

  it('records nothing when nothing changed', () => {
    given(legalDocumentDecider, [created]).when(update()).then([]);
  });

  it('refuses another type', () => {
    given(legalDocumentDecider, [created])
      .when(update({ documentType: 'privacy_policy' }))
      .thenThrows(ValidationError, TYPE_IS_FIXED);
  });

  it('refuses to change the text of a locked version', () => {
    given(legalDocumentDecider, [created, locked])
      .when(update({ content: 'Be very nice.' }))
      .thenThrows(ConflictError, VERSION_IS_LOCKED);
  });

  it('refuses to change the text of a version activated before locks existed', () => {
    given(legalDocumentDecider, [created])
      .when(update({ content: 'Be very nice.', wasActivated: true }))
      .thenThrows(ConflictError, VERSION_IS_LOCKED);
  });

  it('records nothing for a locked version sent back unchanged', () => {
    given(legalDocumentDecider, [created, locked]).when(update()).then([]);
  });

  it('refuses a missing or deleted document', () => {
    given(legalDocumentDecider).when(update()).thenThrows(NotFoundError, DOCUMENT_NOT_FOUND);
    given(legalDocumentDecider, [created, deleted]).when(update()).thenThrows(NotFoundError, DOCUMENT_NOT_FOUND);
  });
});

describe('DeleteLegalDocument', () => {
  it('deletes an inactive document', () => {
    given(legalDocumentDecider, [created]).when(del(false)).then([deleted]);
  });

  it('refuses to delete the active document', () => {
    given(legalDocumentDecider, [created]).when(del(true)).thenThrows(ConflictError, ACTIVE_NOT_DELETABLE);
  });

  it('refuses to delete a version that was once activated', () => {
    given(legalDocumentDecider, [created]).when(del(false, true)).thenThrows(ConflictError, ACTIVATED_NOT_DELETABLE);
    given(legalDocumentDecider, [created, locked]).when(del(false, false)).thenThrows(ConflictError, ACTIVATED_NOT_DELETABLE);
  });

  it('refuses a missing document, and does nothing for a deleted one', () => {
    given(legalDocumentDecider).when(del(false)).thenThrows(NotFoundError, DOCUMENT_NOT_FOUND);
    given(legalDocumentDecider, [created, deleted]).when(del(false)).then([]);
  });
});

describe('LockLegalDocument', () => {
  it('freezes the text of a version, once', () => {
    given(legalDocumentDecider, [created]).when(lock).then([locked]);
    given(legalDocumentDecider, [created, locked]).when(lock).then([]);
  });

  it('refuses a missing or deleted document', () => {
    given(legalDocumentDecider).when(lock).thenThrows(NotFoundError, DOCUMENT_NOT_FOUND);
    given(legalDocumentDecider, [created, deleted]).when(lock).thenThrows(NotFoundError, DOCUMENT_NOT_FOUND);
  });
});

import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { CreateLegalDocument, UpdateLegalDocument } from './document';
import { ACTIVE_NOT_DELETABLE, DOCUMENT_NOT_FOUND, TYPE_IS_FIXED, legalDocumentDecider } from './document';
import type { LegalDocumentEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T10:00:00.000Z';
const content = { title: 'Terms for homeowners', content: 'Be nice.', version: '1.0', effectiveDate: '2026-12-01T00:00:00.000Z' };

const create: CreateLegalDocument = { type: 'CreateLegalDocument', documentId: 7, documentType: 'tos_homeowner', createdBy: 'admin-1', at, ...content };
const created: LegalDocumentEvent = { type: 'LegalDocumentCreated', data: { documentId: 7, type: 'tos_homeowner', ...content, createdBy: 'admin-1', at } };
const update = (changes: Partial<UpdateLegalDocument> = {}): UpdateLegalDocument => ({
  type: 'UpdateLegalDocument',
  documentType: 'tos_homeowner',
  updatedBy: 'admin-2',
  at: later,
  ...content,
  ...changes,
});
const deleted: LegalDocumentEvent = { type: 'LegalDocumentDeleted', data: { documentId: 7, type: 'tos_homeowner', deletedBy: 'admin-2', at: later } };
const del = (isActive: boolean) => ({ type: 'DeleteLegalDocument', isActive, deletedBy: 'admin-2', at: later }) as const;

describe('CreateLegalDocument', () => {
  it('creates the document with its number and author', () => {
    given(legalDocumentDecider).when(create).then([created]);
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

  it('refuses a missing document, and does nothing for a deleted one', () => {
    given(legalDocumentDecider).when(del(false)).thenThrows(NotFoundError, DOCUMENT_NOT_FOUND);
    given(legalDocumentDecider, [created, deleted]).when(del(false)).then([]);
  });
});

import type { LegalDocumentType } from '../../../../contract/legal/legal';
import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';
import type { AdminLegalDocument, Agreement } from './types';

/** Every version, newest first, a page at a time; of one type when chosen. */
export function legalDocumentsQuery(type?: LegalDocumentType) {
  return pagedListQuery<AdminLegalDocument>(queryKeys.adminLegalDocuments, '/api/admin/legal-documents', { type });
}

/**
 * Who accepted which version of a type (or of one version), newest first.
 * Every opening of the dialog asks again, since people accept at any time.
 */
export function agreementsQuery(filter: { type: LegalDocumentType; documentId?: number }) {
  return { ...pagedListQuery<Agreement>([...queryKeys.adminLegalDocuments, 'agreements'], '/api/admin/legal-agreements', filter), staleTime: 0 };
}

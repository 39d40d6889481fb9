import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminLegalDocument, Agreement } from './types';

export function legalDocumentsQuery() {
  return queryOptions({
    queryKey: queryKeys.adminLegalDocuments,
    queryFn: () => apiFetch<AdminLegalDocument[]>('/api/admin/legal-documents'),
  });
}

/** Read when the agreements dialog opens; every opening asks again, since people accept at any time. */
export function agreementsQuery(documentId: number) {
  return queryOptions({
    queryKey: [...queryKeys.adminLegalDocuments, documentId, 'agreements'] as const,
    queryFn: () => apiFetch<Agreement[]>(`/api/admin/legal-documents/${documentId}/agreements`),
    staleTime: 0,
  });
}

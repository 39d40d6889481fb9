import { queryOptions } from '@tanstack/react-query';
import type { LegalDocumentType } from '../../../contract/legal/legal';
import { ApiError, apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { PublicLegalDocument } from '../../../contract/legal/legal';

/** The active document of a type, or null when none is published yet (the server answers 404). */
export function legalDocumentQuery(type: LegalDocumentType) {
  return queryOptions({
    queryKey: queryKeys.legalDocument(type),
    queryFn: async () => {
      try {
        return await apiFetch<PublicLegalDocument>(`/api/legal-documents/${type}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

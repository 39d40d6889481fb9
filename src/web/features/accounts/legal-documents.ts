import { queryOptions } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import type { LegalDocumentType, LegalRole } from '../../../contract/legal/legal';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** An active document a new account of the role must accept (GET /api/legal-documents/active). */
export type ActiveLegalDocument = { id: number; type: LegalDocumentType; title: string; version: string; effectiveDate: string };

export function activeLegalDocumentsQuery(role: LegalRole) {
  return queryOptions({
    queryKey: queryKeys.activeLegalDocuments(role),
    queryFn: () => apiFetch<ActiveLegalDocument[]>(`/api/legal-documents/active?${new URLSearchParams({ role })}`),
  });
}

// The public page of each type (features/legal renders them); checked against the route tree.
export const legalDocumentPaths = {
  tos_homeowner: '/legal/terms-homeowners',
  tos_realtor: '/legal/terms-realtors',
  privacy_policy: '/legal/privacy',
} as const satisfies Record<LegalDocumentType, LinkProps['to']>;

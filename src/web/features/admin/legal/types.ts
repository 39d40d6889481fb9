import type { AdminLegalDocument, LegalDocumentStatus } from '../../../../contract/legal/legal';

export type { AdminLegalDocument, LegalDocumentStatus };

/** PUT /api/admin/legal-documents/{id}: the version edited, or the new draft an edit of a locked version made. */
export type SavedLegalDocument = AdminLegalDocument & { savedAsNewVersion: boolean; message?: string };

/** What the create and edit dialog sends; effectiveDate is an ISO datetime. */
export type LegalDocumentBody = Pick<AdminLegalDocument, 'type' | 'title' | 'content' | 'version' | 'effectiveDate'>;

/** GET /api/admin/legal-agreements: one person's acceptance of one exact version. */
export type Agreement = {
  userId: string;
  name: string | null;
  email: string | null;
  role: 'homeowner' | 'realtor' | null;
  agreedAt: string;
  ipAddress: string | null;
  documentId: number;
  version: string | null;
  title: string | null;
};

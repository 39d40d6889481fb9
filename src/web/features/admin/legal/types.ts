import type { LegalDocumentType } from '../../../../domain/legal/rules';

/** GET /api/admin/legal-documents: every version of every type, newest first. */
export type AdminLegalDocument = {
  id: number;
  type: LegalDocumentType;
  title: string;
  content: string;
  version: string;
  isActive: boolean;
  effectiveDate: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
};

/** What the create and edit dialog sends; effectiveDate is an ISO datetime. */
export type LegalDocumentBody = Pick<AdminLegalDocument, 'type' | 'title' | 'content' | 'version' | 'effectiveDate'>;

/** GET /api/admin/legal-documents/{id}/agreements. */
export type Agreement = {
  userId: string;
  name: string | null;
  email: string | null;
  role: 'homeowner' | 'realtor' | null;
  agreedAt: string;
  ipAddress: string | null;
};

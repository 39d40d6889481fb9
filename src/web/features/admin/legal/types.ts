import type { LegalDocumentType } from '../../../../contract/legal';

/** Where a version stands at the time asked (docs/decisions/0035). */
export type LegalDocumentStatus = 'draft' | 'scheduled' | 'active' | 'superseded';

/** GET /api/admin/legal-documents: every version of every type, newest first, a page at a time. */
export type AdminLegalDocument = {
  id: number;
  type: LegalDocumentType;
  title: string;
  content: string;
  version: string;
  isActive: boolean;
  status: LegalDocumentStatus;
  /** When a scheduled version comes into force. */
  scheduledFor: string | null;
  /** Its text is final: an edit is saved as a new draft version. */
  locked: boolean;
  previousVersionId: number | null;
  effectiveDate: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
};

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

import type { LegalDocumentType } from '../../../contract/legal';

/** A published legal document as anyone may read it (GET /api/legal-documents/{type}). */
export type PublicLegalDocument = {
  id: number;
  type: LegalDocumentType;
  title: string;
  content: string;
  version: string;
  effectiveDate: string;
};

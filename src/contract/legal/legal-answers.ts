import { z } from 'zod';
import { answerSchema } from '../answer-schema';
import { LEGAL_DOCUMENT_TYPES, type AdminLegalDocument } from './legal';
import { listPageAnswer } from '../list-answers';

/* The back office's legal document version as a zod schema, tied to `AdminLegalDocument` field for field (docs/decisions/0048). */

export const adminLegalDocumentAnswer = answerSchema<AdminLegalDocument>()(
  z.object({
    id: z.number(),
    type: z.enum(LEGAL_DOCUMENT_TYPES),
    title: z.string(),
    content: z.string(),
    version: z.string(),
    isActive: z.boolean(),
    status: z.enum(['draft', 'scheduled', 'active', 'superseded']),
    scheduledFor: z.string().nullable(),
    locked: z.boolean(),
    previousVersionId: z.number().nullable(),
    effectiveDate: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string(),
  }),
);

export const adminLegalDocumentsAnswer = listPageAnswer(adminLegalDocumentAnswer);

/** PUT /api/admin/legal-documents/{id}, a draft edited in place (200); a locked version's edit answers 201 with `message` too. */
export const savedLegalDocumentAnswer = adminLegalDocumentAnswer.extend({ savedAsNewVersion: z.boolean(), message: z.string().optional() });

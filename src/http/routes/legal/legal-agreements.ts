import type { Context } from 'hono';
import { agreementsDecider } from '../../../domain/legal/agreements';
import { agreementsStreamId } from '../../../domain/legal/events';
import type { LegalRole, PublicLegalDocument } from '../../../contract/legal/legal';
import { ACCEPTANCE_REQUIRED, documentTypesForRole } from '../../../contract/legal/legal';
import { ValidationError } from '../../../domain/shared/errors';
import type { LegalDocumentDoc } from '../../../projections/legal/legal-documents';
import { findActiveDocuments } from '../../../projections/legal/legal-documents';
import { legalDocumentsByIds } from '../../../projections/legal/legal-documents-queries';
import { acceptedDocumentsOf } from '../../../projections/legal/user-agreements-queries';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../platform/client-address';

export function toPublicLegalDocument({ documentId, type, title, content, version, effectiveDate }: LegalDocumentDoc): PublicLegalDocument {
  return { id: documentId, type, title, content, version, effectiveDate };
}

/** The documents in force a person of `role` must accept: the role's terms and the privacy policy, where in force. */
export function findRequiredDocuments(deps: Pick<AppDeps, 'readStore' | 'clock'>, role: LegalRole): Promise<LegalDocumentDoc[]> {
  return findActiveDocuments(deps.readStore, documentTypesForRole(role), deps.clock());
}

/**
 * Registration: every active document of the role must be among the accepted
 * ids, else 400 on `acceptedDocumentIds`. Returns the documents to record.
 * When nothing is active, nothing is asked.
 */
export async function requireAcceptance(deps: Pick<AppDeps, 'readStore' | 'clock'>, role: LegalRole, acceptedIds: readonly number[]): Promise<LegalDocumentDoc[]> {
  const required = await findRequiredDocuments(deps, role);
  if (required.some((doc) => !acceptedIds.includes(doc.documentId))) {
    throw new ValidationError(ACCEPTANCE_REQUIRED, { acceptedDocumentIds: ACCEPTANCE_REQUIRED });
  }
  return required;
}

/**
 * Records the user's acceptance of document versions with the request's own
 * client address and user agent (never values the client claims). Each
 * version is recorded once per user, with its label (the versions were
 * checked to exist by the caller); returns the ids recorded now.
 */
export async function recordAgreements(deps: AppDeps, c: Context<AppEnv>, userId: string, documentIds: readonly number[]): Promise<number[]> {
  if (documentIds.length === 0) return [];
  const versions = await legalDocumentsByIds(deps.readStore, documentIds, { documentId: 1, version: 1 });
  const { events } = await runCommand(deps, c, agreementsStreamId(userId), agreementsDecider, {
    type: 'AcceptAgreements',
    userId,
    documents: versions.map(({ documentId, version }) => ({ documentId, version })),
    ipAddress: clientAddress(c),
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    at: deps.clock().toISOString(),
  });
  return events.map((event) => event.data.documentId);
}

/** The role's active documents this user has not accepted yet. */
export async function findPendingDocuments(deps: Pick<AppDeps, 'readStore' | 'clock'>, userId: string, role: LegalRole): Promise<LegalDocumentDoc[]> {
  const required = await findRequiredDocuments(deps, role);
  if (required.length === 0) return [];
  const accepted = await acceptedDocumentsOf(deps.readStore, userId, required.map((doc) => doc.documentId));
  const acceptedIds = new Set(accepted.map((agreement) => agreement.documentId));
  return required.filter((doc) => !acceptedIds.has(doc.documentId));
}

import { Hono } from 'hono';
import { z } from 'zod';
import type { LegalDocumentType, LegalRole } from '../../../contract/legal/legal';
import { LEGAL_DOCUMENT_TYPES, LEGAL_ROLES, acceptAgreementsSchema, documentTypesForRole } from '../../../contract/legal/legal';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { findActiveDocuments, legalTimelines } from '../../../projections/legal/legal-documents';
import { undeletedLegalDocumentsByIds } from '../../../projections/legal/legal-documents-queries';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { UnauthorizedError } from '../../errors';
import { requireUser } from '../../guards';
import { findPendingDocuments, findRequiredDocuments, recordAgreements, toPublicLegalDocument } from './legal-agreements';
import { readJson, validate } from '../../validation';

const ROLE_MESSAGE = 'Role must be homeowner or realtor';
export const roleQuery = z.object({ role: z.enum(LEGAL_ROLES, { error: ROLE_MESSAGE }) });
const UNKNOWN_DOCUMENT = 'Document not found';

/**
 * Legal documents for people: the active documents (no sign-in, for the
 * registration form and the footer links) and a signed-in user's agreements.
 */
export function createLegalRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const signedIn = (c: { get(key: 'session'): AppEnv['Variables']['session'] }): { userId: string; role: LegalRole } => {
    const user = c.get('session').user;
    if (!user) throw new UnauthorizedError();
    // Only homeowners and realtors have accounts; anything else has nothing to accept.
    if (!(LEGAL_ROLES as readonly string[]).includes(user.role)) throw new ForbiddenError();
    return { userId: user.subject, role: user.role as LegalRole };
  };

  routes.get('/legal-documents/active', async (c) => {
    const { role } = validate(roleQuery, c.req.query());
    return c.json((await findRequiredDocuments(deps, role)).map(toPublicLegalDocument));
  });

  routes.get('/legal-documents/:type', async (c) => {
    const type = c.req.param('type');
    if (!(LEGAL_DOCUMENT_TYPES as readonly string[]).includes(type)) throw new NotFoundError(UNKNOWN_DOCUMENT);
    const [active] = await findActiveDocuments(deps.readStore, [type as LegalDocumentType], deps.clock());
    if (!active) throw new NotFoundError(UNKNOWN_DOCUMENT);
    return c.json(toPublicLegalDocument(active));
  });

  routes.get('/user/pending-agreements', requireUser(), async (c) => {
    const { userId, role } = signedIn(c);
    return c.json((await findPendingDocuments(deps, userId, role)).map(toPublicLegalDocument));
  });

  routes.post('/user/agreements', requireUser(), async (c) => {
    const { userId, role } = signedIn(c);
    const { documentIds } = await readJson(c, acceptAgreementsSchema);
    // Any activated version of the role's types may be accepted, also one that a newer version just replaced.
    // A draft may not: its text can still change, and an agreement must name the text accepted.
    const types = documentTypesForRole(role);
    const [found, timelines] = await Promise.all([
      undeletedLegalDocumentsByIds(deps.readStore, documentIds, { documentId: 1, type: 1, version: 1, locked: 1 }),
      legalTimelines(deps.readStore, types),
    ]);
    const activated = new Set([...timelines.values()].flat().map((entry) => entry.documentId));
    const acceptable = found.filter((doc) => types.includes(doc.type) && (doc.locked === true || activated.has(doc.documentId)));
    const unknown = documentIds.filter((id) => !acceptable.some((doc) => doc.documentId === id));
    if (unknown.length > 0) {
      const message = `${UNKNOWN_DOCUMENT}: ${unknown.join(', ')}`;
      throw new ValidationError(message, { documentIds: message });
    }
    const recorded = await recordAgreements(deps, c, userId, documentIds);
    return c.json({ recorded, pending: (await findPendingDocuments(deps, userId, role)).map(toPublicLegalDocument) });
  });

  return routes;
}

import type { Context } from 'hono';
import { Hono } from 'hono';
import { legalActiveDecider } from '../../domain/legal/active';
import type { LegalDocumentState } from '../../domain/legal/document';
import { DOCUMENT_NOT_FOUND, legalDocumentDecider } from '../../domain/legal/document';
import { LEGAL_DOCUMENT_IDS_STREAM, legalActiveStreamId, legalDocumentStreamId } from '../../domain/legal/events';
import { legalDocumentIds } from '../../domain/legal/ids';
import { legalDocumentSchema, parseDocumentId } from '../../domain/legal/rules';
import { loadState } from '../../domain/shared/command-handler';
import { NotFoundError } from '../../domain/shared/errors';
import type { LegalDocumentDoc } from '../../projections/legal-documents';
import { LEGAL_DOCUMENTS, activeDocumentIds } from '../../projections/legal-documents';
import type { UserAgreementDoc } from '../../projections/user-agreements';
import { USER_AGREEMENTS } from '../../projections/user-agreements';
import type { UserDoc } from '../../projections/users';
import { USERS } from '../../projections/users';
import type { AppDeps } from '../app';
import { runCommand } from '../commands';
import type { AppEnv } from '../context';
import { requireAdmin } from '../guards';
import { readJson } from '../validation';
import { adminActor } from './admin';

/** Concurrent activations of one type queue on one stream; each retry re-reads it. */
const ACTIVATION_ATTEMPTS = 25;

/** A legal document as the back office sees it. */
export interface AdminLegalDocument {
  id: number;
  type: LegalDocumentDoc['type'];
  title: string;
  content: string;
  version: string;
  isActive: boolean;
  effectiveDate: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

/** One user's acceptance of a document, as the agreements view shows it. */
export interface AgreementView {
  userId: string;
  name: string | null;
  email: string | null;
  role: UserDoc['role'] | null;
  agreedAt: string;
  ipAddress: string | null;
}

function toAdminLegalDocument(doc: LegalDocumentDoc, active: Map<string, number>): AdminLegalDocument {
  const { documentId, type, title, content, version, effectiveDate, createdAt, updatedAt, createdBy } = doc;
  return { id: documentId, type, title, content, version, isActive: active.get(type) === documentId, effectiveDate, createdAt, updatedAt, createdBy };
}

/** /api/admin/legal-documents: every administrator role manages legal documents (SPEC §6). */
export function createAdminLegalRoutes(deps: AppDeps): Hono<AppEnv> {
  const documents = deps.readStore.collection<LegalDocumentDoc>(LEGAL_DOCUMENTS);
  const agreements = deps.readStore.collection<UserAgreementDoc>(USER_AGREEMENTS);
  const users = deps.readStore.collection<UserDoc>(USERS);
  const routes = new Hono<AppEnv>();

  /** The document of the URL, as its stream decides: 404 for anything but an existing, undeleted document. */
  const loadDocument = async (c: Context<AppEnv>): Promise<Extract<LegalDocumentState, { status: 'existing' }>> => {
    const documentId = parseDocumentId(c.req.param('id') ?? '');
    const state = documentId === null ? null : await loadState(deps.eventStore, legalDocumentStreamId(documentId), legalDocumentDecider);
    if (state?.status !== 'existing') throw new NotFoundError(DOCUMENT_NOT_FOUND);
    return state;
  };

  const answerDocument = async (documentId: number) => {
    const doc = await documents.findOne({ _id: String(documentId) });
    if (!doc || doc.deleted) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    return toAdminLegalDocument(doc, await activeDocumentIds(deps.readStore));
  };

  routes.get('/legal-documents', requireAdmin(), async (c) => {
    const [list, active] = await Promise.all([
      documents.find({ deleted: false }, { sort: { createdAt: -1, documentId: -1 } }),
      activeDocumentIds(deps.readStore),
    ]);
    return c.json(list.map((doc) => toAdminLegalDocument(doc, active)));
  });

  routes.post('/legal-documents', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const data = await readJson(c, legalDocumentSchema);
    const at = deps.clock().toISOString();
    const allocated = await runCommand(deps, c, LEGAL_DOCUMENT_IDS_STREAM, legalDocumentIds, { type: 'AllocateLegalDocumentId', at });
    const documentId = allocated.state.last;
    const { type, title, content, version, effectiveDate } = data;
    await runCommand(deps, c, legalDocumentStreamId(documentId), legalDocumentDecider, {
      type: 'CreateLegalDocument',
      documentId,
      documentType: type,
      title,
      content,
      version,
      effectiveDate,
      createdBy: actor.id,
      at,
    });
    return c.json(await answerDocument(documentId), 201);
  });

  routes.put('/legal-documents/:id', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const current = await loadDocument(c);
    const { type, title, content, version, effectiveDate } = await readJson(c, legalDocumentSchema);
    await runCommand(deps, c, legalDocumentStreamId(current.documentId), legalDocumentDecider, {
      type: 'UpdateLegalDocument',
      documentType: type,
      title,
      content,
      version,
      effectiveDate,
      updatedBy: actor.id,
      at: deps.clock().toISOString(),
    });
    return c.json(await answerDocument(current.documentId));
  });

  routes.delete('/legal-documents/:id', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const current = await loadDocument(c);
    const { activeId } = await loadState(deps.eventStore, legalActiveStreamId(current.documentType), legalActiveDecider);
    await runCommand(deps, c, legalDocumentStreamId(current.documentId), legalDocumentDecider, {
      type: 'DeleteLegalDocument',
      isActive: activeId === current.documentId,
      deletedBy: actor.id,
      at: deps.clock().toISOString(),
    });
    return c.json({ success: true });
  });

  routes.post('/legal-documents/:id/activate', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const current = await loadDocument(c);
    await runCommand(
      deps,
      c,
      legalActiveStreamId(current.documentType),
      legalActiveDecider,
      {
        type: 'ActivateLegalDocument',
        documentId: current.documentId,
        documentType: current.documentType,
        activatedBy: actor.id,
        at: deps.clock().toISOString(),
      },
      { maxAttempts: ACTIVATION_ATTEMPTS },
    );
    return c.json(await answerDocument(current.documentId));
  });

  routes.get('/legal-documents/:id/agreements', requireAdmin(), async (c) => {
    const documentId = parseDocumentId(c.req.param('id'));
    const doc = documentId === null ? null : await documents.findOne({ _id: String(documentId) });
    // Agreements to a deleted document stay readable: people did accept it.
    if (!doc) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    const list = await agreements.find({ documentId: doc.documentId }, { sort: { agreedAt: -1, _id: -1 } });
    const people = await users.find({ _id: { $in: list.map((a) => a.userId) } }, { projection: { name: 1, email: 1, role: 1 } });
    const byId = new Map(people.map((user) => [user._id, user]));
    const views: AgreementView[] = list.map((agreement) => {
      const user = byId.get(agreement.userId);
      return {
        userId: agreement.userId,
        name: user?.name ?? null,
        email: user?.email ?? null,
        role: user?.role ?? null,
        agreedAt: agreement.agreedAt,
        ipAddress: agreement.ipAddress,
      };
    });
    return c.json(views);
  });

  return routes;
}

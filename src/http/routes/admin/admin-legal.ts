import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ActivationEntry } from '../../../domain/legal/active';
import { activatedIds, entryInEffect, legalActiveDecider, scheduledAfter } from '../../../domain/legal/active';
import type { LegalDocumentState } from '../../../domain/legal/document';
import { DOCUMENT_NOT_FOUND, SAVED_AS_NEW_VERSION, VERSION_IS_LOCKED, legalDocumentDecider } from '../../../domain/legal/document';
import { LEGAL_DOCUMENT_IDS_STREAM, legalActiveStreamId, legalDocumentStreamId } from '../../../domain/legal/events';
import { legalDocumentIds } from '../../../domain/legal/ids';
import type { AdminLegalDocument, LegalDocumentData, LegalDocumentStatus, LegalDocumentType } from '../../../contract/legal/legal';
import { LEGAL_DOCUMENT_TYPES, legalDocumentSchema, parseDocumentId } from '../../../contract/legal/legal';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import type { Filter } from '../../../read-store/port';
import type { LegalDocumentDoc } from '../../../projections/legal/legal-documents';
import { legalTimelines } from '../../../projections/legal/legal-documents';
import type { UserDoc } from '../../../projections/accounts/users';
import { findLegalDocument, legalDocumentsByIds, legalDocumentsCollection, legalDocumentsOfType } from '../../../projections/legal/legal-documents-queries';
import { userAgreementsCollection } from '../../../projections/legal/user-agreements-queries';
import { usersByIds } from '../../../projections/accounts/users-queries';
import { readLegalActivations, readLegalDocument } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { listPage, listQuery } from './list-page';
import { readJson, validate } from '../../validation';
import { adminActor } from './admin-shared';
import { honourIdempotencyKey } from '../../platform/idempotency';

/** Concurrent activations of one type queue on one stream; each retry re-reads it. */
const ACTIVATION_ATTEMPTS = 25;

/** One user's acceptance of a document version, as the agreements view shows it. */
export interface AgreementView {
  userId: string;
  name: string | null;
  email: string | null;
  role: UserDoc['role'] | null;
  agreedAt: string;
  ipAddress: string | null;
  /** The exact version accepted: its id, label and title. */
  documentId: number;
  version: string | null;
  title: string | null;
}

const TYPE_FILTER_MESSAGE = 'Type must be tos_homeowner, tos_realtor or privacy_policy';
const typeFilter = z.preprocess((value) => (value === '' ? undefined : value), z.enum(LEGAL_DOCUMENT_TYPES, { error: TYPE_FILTER_MESSAGE }).optional());
const SEARCH_MESSAGE = 'Search must be less than 100 characters';

/** GET /api/admin/legal-documents: a page, optionally of one type, or matching a title or version label. */
export const legalDocumentsQuery = listQuery.extend({
  type: typeFilter,
  search: z.string({ error: SEARCH_MESSAGE }).trim().max(100, SEARCH_MESSAGE).optional(),
});

/** GET /api/admin/legal-agreements: a page of acceptances, of one type's versions or of one version. */
export const legalAgreementsQuery = listQuery.extend({
  type: typeFilter,
  documentId: z
    .preprocess((value) => (value === '' ? undefined : value), z.string({ error: DOCUMENT_NOT_FOUND }).max(15, DOCUMENT_NOT_FOUND).regex(/^[1-9]\d*$/, DOCUMENT_NOT_FOUND).optional())
    .transform((value) => (value === undefined ? undefined : Number(value))),
});

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toAdminLegalDocument(doc: LegalDocumentDoc, timelines: Map<LegalDocumentType, ActivationEntry[]>, now: string): AdminLegalDocument {
  const { documentId, type, title, content, version, effectiveDate, createdAt, updatedAt, createdBy } = doc;
  const timeline = timelines.get(type) ?? [];
  const isActive = entryInEffect(timeline, now)?.documentId === documentId;
  const scheduledFor = isActive ? null : scheduledAfter(timeline, documentId, now);
  const everInForce = timeline.some((entry) => entry.documentId === documentId && entry.effectiveAt <= now);
  const status: LegalDocumentStatus = isActive ? 'active' : scheduledFor !== null ? 'scheduled' : everInForce ? 'superseded' : 'draft';
  // Versions activated before locks existed are final too: their type's activations name them.
  const locked = doc.locked === true || timeline.some((entry) => entry.documentId === documentId);
  const previousVersionId = doc.previousVersionId ?? null;
  return { id: documentId, type, title, content, version, isActive, status, scheduledFor, locked, previousVersionId, effectiveDate, createdAt, updatedAt, createdBy };
}

/** /api/admin/legal-documents and /api/admin/legal-agreements: every administrator role manages legal documents (SPEC §6). */
export function createAdminLegalRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** The document of the URL, as its stream decides: 404 for anything but an existing, undeleted document. */
  const loadDocument = async (c: Context<AppEnv>): Promise<Extract<LegalDocumentState, { status: 'existing' }>> => {
    const documentId = parseDocumentId(c.req.param('id') ?? '');
    const state = documentId === null ? null : await readLegalDocument(deps, documentId);
    if (state?.status !== 'existing') throw new NotFoundError(DOCUMENT_NOT_FOUND);
    return state;
  };

  const answerDocument = async (documentId: number) => {
    const doc = await findLegalDocument(deps.readStore, documentId);
    if (!doc || doc.deleted) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    return toAdminLegalDocument(doc, await legalTimelines(deps.readStore, [doc.type]), deps.clock().toISOString());
  };

  /** Allocates the next number and writes a new draft version there. */
  const createVersion = async (c: Context<AppEnv>, data: LegalDocumentData, createdBy: string, previousVersionId: number | null) => {
    const at = deps.clock().toISOString();
    const allocated = await runCommand(deps, c, LEGAL_DOCUMENT_IDS_STREAM, legalDocumentIds, { type: 'AllocateLegalDocumentId', at });
    // The number this request was given: on a retry with the same Idempotency-Key, the one it got then.
    const documentId = allocated.events[0]?.data.documentId ?? allocated.state.last;
    const { type, title, content, version, effectiveDate } = data;
    await runCommand(deps, c, legalDocumentStreamId(documentId), legalDocumentDecider, {
      type: 'CreateLegalDocument',
      documentId,
      documentType: type,
      title,
      content,
      version,
      effectiveDate,
      createdBy,
      at,
      previousVersionId,
    });
    return documentId;
  };

  routes.get('/legal-documents', requireAdmin(), async (c) => {
    const { limit, cursor, type, search } = validate(legalDocumentsQuery, c.req.query());
    const filter: Filter = { deleted: false };
    if (type) filter.type = type;
    if (search) filter.$or = ['title', 'version'].map((field) => ({ [field]: { $regex: escapeRegex(search), $options: 'i' } }));
    const [page, timelines] = await Promise.all([
      listPage(legalDocumentsCollection(deps.readStore), filter, { createdAt: -1, documentId: -1 }, { limit, cursor }),
      legalTimelines(deps.readStore),
    ]);
    const now = deps.clock().toISOString();
    return c.json({ items: page.docs.map((doc) => toAdminLegalDocument(doc, timelines, now)), nextCursor: page.nextCursor, total: page.total });
  });

  routes.post('/legal-documents', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const data = await readJson(c, legalDocumentSchema);
    await honourIdempotencyKey(deps, c);
    const documentId = await createVersion(c, data, actor.id, null);
    return c.json(await answerDocument(documentId), 201);
  });

  /**
   * A draft is edited in place. A version that was ever activated keeps its
   * text: the edit is saved as a new draft version (201), which names the one
   * it came from, and the answer says so.
   */
  routes.put('/legal-documents/:id', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const current = await loadDocument(c);
    const data = await readJson(c, legalDocumentSchema);
    const types = await readLegalActivations(deps, current.documentType);
    const { type, title, content, version, effectiveDate } = data;
    try {
      await runCommand(deps, c, legalDocumentStreamId(current.documentId), legalDocumentDecider, {
        type: 'UpdateLegalDocument',
        documentType: type,
        title,
        content,
        version,
        effectiveDate,
        wasActivated: activatedIds(types).has(current.documentId),
        updatedBy: actor.id,
        at: deps.clock().toISOString(),
      });
    } catch (error) {
      if (!(error instanceof ConflictError && error.message === VERSION_IS_LOCKED)) throw error;
      const documentId = await createVersion(c, data, actor.id, current.documentId);
      return c.json({ ...(await answerDocument(documentId)), savedAsNewVersion: true, message: SAVED_AS_NEW_VERSION }, 201);
    }
    return c.json({ ...(await answerDocument(current.documentId)), savedAsNewVersion: false });
  });

  routes.delete('/legal-documents/:id', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const current = await loadDocument(c);
    const types = await readLegalActivations(deps, current.documentType);
    const at = deps.clock().toISOString();
    await runCommand(deps, c, legalDocumentStreamId(current.documentId), legalDocumentDecider, {
      type: 'DeleteLegalDocument',
      isActive: entryInEffect(types.timeline, at)?.documentId === current.documentId,
      wasActivated: activatedIds(types).has(current.documentId),
      deletedBy: actor.id,
      at,
    });
    return c.json({ success: true });
  });

  /**
   * Locks the version's text in its own stream, then activates it in its
   * type's stream: in force now, or scheduled when its effective date is to
   * come. Locking first means no edit can land between the two.
   */
  routes.post('/legal-documents/:id/activate', requireAdmin(), async (c) => {
    const actor = adminActor(c);
    const current = await loadDocument(c);
    const locked = await runCommand(deps, c, legalDocumentStreamId(current.documentId), legalDocumentDecider, {
      type: 'LockLegalDocument',
      lockedBy: actor.id,
      at: deps.clock().toISOString(),
    });
    if (locked.state.status !== 'existing') throw new NotFoundError(DOCUMENT_NOT_FOUND);
    await runCommand(
      deps,
      c,
      legalActiveStreamId(current.documentType),
      legalActiveDecider,
      {
        type: 'ActivateLegalDocument',
        documentId: current.documentId,
        documentType: current.documentType,
        effectiveDate: locked.state.effectiveDate,
        activatedBy: actor.id,
        at: deps.clock().toISOString(),
      },
      { maxAttempts: ACTIVATION_ATTEMPTS },
    );
    return c.json(await answerDocument(current.documentId));
  });

  /** A page of acceptances matching `filter`, newest first, each with the person and the exact version accepted. */
  const agreementsPage = async (filter: Filter, query: { limit: number; cursor?: string }) => {
    const page = await listPage(userAgreementsCollection(deps.readStore), filter, { agreedAt: -1 }, query);
    const [people, versions] = await Promise.all([
      usersByIds(deps.readStore, [...new Set(page.docs.map((a) => a.userId))], { name: 1, email: 1, role: 1 }),
      legalDocumentsByIds(deps.readStore, [...new Set(page.docs.map((a) => a.documentId))], { documentId: 1, title: 1, version: 1 }),
    ]);
    const byId = new Map(people.map((user) => [user._id, user]));
    const versionById = new Map(versions.map((doc) => [doc.documentId, doc]));
    const items: AgreementView[] = page.docs.map((agreement) => {
      const user = byId.get(agreement.userId);
      const doc = versionById.get(agreement.documentId);
      return {
        userId: agreement.userId,
        name: user?.name ?? null,
        email: user?.email ?? null,
        role: user?.role ?? null,
        agreedAt: agreement.agreedAt,
        ipAddress: agreement.ipAddress,
        documentId: agreement.documentId,
        // Agreements recorded before labels were: the version's own label, which was final once activated.
        version: agreement.version ?? doc?.version ?? null,
        title: doc?.title ?? null,
      };
    });
    return { items, nextCursor: page.nextCursor, total: page.total };
  };

  routes.get('/legal-documents/:id/agreements', requireAdmin(), async (c) => {
    const documentId = parseDocumentId(c.req.param('id'));
    const doc = documentId === null ? null : await findLegalDocument(deps.readStore, documentId);
    // Agreements to a deleted document stay readable: people did accept it.
    if (!doc) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    const { limit, cursor } = validate(listQuery, c.req.query());
    return c.json(await agreementsPage({ documentId: doc.documentId }, { limit, cursor }));
  });

  /** Acceptances of every version of a type (or of one version): which version each person accepted. */
  routes.get('/legal-agreements', requireAdmin(), async (c) => {
    const { limit, cursor, type, documentId } = validate(legalAgreementsQuery, c.req.query());
    const filter: Filter = {};
    if (documentId !== undefined) filter.documentId = documentId;
    if (type) {
      const ofType = await legalDocumentsOfType(deps.readStore, type);
      filter.documentId = documentId === undefined ? { $in: ofType.map((doc) => doc.documentId) } : ofType.some((doc) => doc.documentId === documentId) ? documentId : -1;
    }
    return c.json(await agreementsPage(filter, { limit, cursor }));
  });

  return routes;
}

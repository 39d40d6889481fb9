import { assertNever } from '../domain/shared/decider';
import { isLegalEvent } from '../domain/legal/events';
import type { LegalDocumentType } from '../domain/legal/rules';
import type { ReadStore } from '../read-store/port';
import type { Projection } from './projection';
import { updateOnce, upsertOnce } from './projection';

export const LEGAL_DOCUMENTS = 'legal_documents';
/** One document per type: the active document's id, as `legal-active-{type}` decided it. */
export const LEGAL_ACTIVE = 'legal_active';

/** A legal document. Deleted ones stay (flagged) so their agreements keep a title. */
export type LegalDocumentDoc = {
  _id: string;
  documentId: number;
  type: LegalDocumentType;
  title: string;
  content: string;
  version: string;
  effectiveDate: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  deleted: boolean;
  _position?: number;
};

export type LegalActiveDoc = { _id: LegalDocumentType; documentId: number; activatedAt: string; _position?: number };

/**
 * The `legal_documents` and `legal_active` read models. isActive is not
 * stored on documents: it is derived from `legal_active` when read, so it can
 * never disagree with the one stream that decides it.
 */
export function createLegalDocumentsProjection(): Projection {
  return {
    name: LEGAL_DOCUMENTS,
    collections: [LEGAL_DOCUMENTS, LEGAL_ACTIVE],
    async setup(store) {
      await store.collection<LegalDocumentDoc>(LEGAL_DOCUMENTS).createIndex({ type: 1 });
      await store.collection<LegalDocumentDoc>(LEGAL_DOCUMENTS).createIndex({ createdAt: -1, _id: -1 });
    },
    async apply(event, store) {
      if (!isLegalEvent(event)) return;
      const documents = store.collection<LegalDocumentDoc>(LEGAL_DOCUMENTS);
      switch (event.type) {
        case 'LegalDocumentCreated': {
          const { documentId, type, title, content, version, effectiveDate, createdBy, at } = event.data;
          await upsertOnce(documents, String(documentId), event.position, {
            $set: { documentId, type, title, content, version, effectiveDate, createdAt: at, updatedAt: at, createdBy, deleted: false },
          });
          return;
        }
        case 'LegalDocumentUpdated': {
          const { documentId, title, content, version, effectiveDate, at } = event.data;
          await updateOnce(documents, String(documentId), event.position, { $set: { title, content, version, effectiveDate, updatedAt: at } });
          return;
        }
        case 'LegalDocumentDeleted':
          await updateOnce(documents, String(event.data.documentId), event.position, { $set: { deleted: true, updatedAt: event.data.at } });
          return;
        case 'LegalDocumentActivated':
          await upsertOnce(store.collection<LegalActiveDoc>(LEGAL_ACTIVE), event.data.type, event.position, {
            $set: { documentId: event.data.documentId, activatedAt: event.data.at },
          });
          return;
        case 'LegalDocumentIdAllocated':
        case 'AgreementAccepted':
          return;
        default:
          return assertNever(event);
      }
    },
  };
}

/** The id of the active document of each type that has one. */
export async function activeDocumentIds(store: ReadStore): Promise<Map<LegalDocumentType, number>> {
  const active = await store.collection<LegalActiveDoc>(LEGAL_ACTIVE).find({});
  return new Map(active.map((doc) => [doc._id, doc.documentId]));
}

/**
 * The active documents of the given types, in that order. A type whose active
 * document was deleted (possible only when a delete raced an activation) has
 * none.
 */
export async function findActiveDocuments(store: ReadStore, types: readonly LegalDocumentType[]): Promise<LegalDocumentDoc[]> {
  const active = await store.collection<LegalActiveDoc>(LEGAL_ACTIVE).find({ _id: { $in: [...types] } });
  if (active.length === 0) return [];
  const documents = await store.collection<LegalDocumentDoc>(LEGAL_DOCUMENTS).find({ _id: { $in: active.map((a) => String(a.documentId)) }, deleted: false });
  const byType = new Map(documents.map((doc) => [doc.type, doc]));
  return types.flatMap((type) => {
    const doc = byType.get(type);
    return doc && active.some((a) => a._id === type && a.documentId === doc.documentId) ? [doc] : [];
  });
}

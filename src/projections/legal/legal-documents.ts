import type { ActivationEntry } from '../../domain/legal/active';
import { entryInEffect } from '../../domain/legal/active';
import { assertNever } from '../../domain/shared/decider';
import { LEGAL_EVENT_TYPES, isLegalEvent } from '../../domain/legal/events';
import type { LegalDocumentType } from '../../contract/legal/legal';
import type { ReadStore } from '../../read-store/port';
import type { Projection } from '../projection';
import { updateOnce, upsertOnce } from '../projection';

export const LEGAL_DOCUMENTS = 'legal_documents';
/** One document per type: its activations in order, as `legal-active-{type}` decided them. */
export const LEGAL_ACTIVE = 'legal_active';

/** A legal document version. Deleted drafts stay (flagged) so nothing that names them dangles. */
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
  /** Its text is final (it was activated): an edit makes a new draft. Absent on documents projected before locks existed. */
  locked?: boolean;
  /** The locked version this draft was edited from. */
  previousVersionId?: number | null;
  _position?: number;
};

export type LegalActiveDoc = {
  _id: LegalDocumentType;
  /** The last activation's document and time. */
  documentId: number;
  activatedAt: string;
  /** Every activation in order; absent on documents projected before scheduling existed (then: the last one, from activatedAt). */
  timeline?: ActivationEntry[];
  _position?: number;
};

/**
 * The `legal_documents` and `legal_active` read models. Which version is in
 * force is not stored on documents: it is computed when read, from
 * `legal_active`'s timeline and the clock, so it can never disagree with the
 * one stream that decides it, and a scheduled version comes into force at its
 * time with nothing to run then.
 */
export function createLegalDocumentsProjection(): Projection {
  return {
    name: LEGAL_DOCUMENTS,
    collections: [LEGAL_DOCUMENTS, LEGAL_ACTIVE],
    handles: LEGAL_EVENT_TYPES,
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
          const previousVersionId = event.data.previousVersionId ?? null;
          await upsertOnce(documents, String(documentId), event.position, {
            $set: { documentId, type, title, content, version, effectiveDate, createdAt: at, updatedAt: at, createdBy, deleted: false, locked: false, previousVersionId },
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
        case 'LegalDocumentLocked':
          await updateOnce(documents, String(event.data.documentId), event.position, { $set: { locked: true } });
          return;
        case 'LegalDocumentActivated': {
          const { documentId, at } = event.data;
          const entry: ActivationEntry = { documentId, effectiveAt: event.data.effectiveAt ?? at };
          await upsertOnce(store.collection<LegalActiveDoc>(LEGAL_ACTIVE), event.data.type, event.position, {
            $set: { documentId, activatedAt: at },
            $push: { timeline: entry },
          });
          return;
        }
        case 'LegalDocumentIdAllocated':
        case 'AgreementAccepted':
          return;
        default:
          return assertNever(event);
      }
    },
  };
}

export const timelineOf = (doc: LegalActiveDoc): ActivationEntry[] => doc.timeline ?? [{ documentId: doc.documentId, effectiveAt: doc.activatedAt }];

/** Each type's activations, in order. */
export async function legalTimelines(store: ReadStore, types?: readonly LegalDocumentType[]): Promise<Map<LegalDocumentType, ActivationEntry[]>> {
  const active = await store.collection<LegalActiveDoc>(LEGAL_ACTIVE).find(types ? { _id: { $in: [...types] } } : {});
  return new Map(active.map((doc) => [doc._id, timelineOf(doc)]));
}

/** The id of the document in force at `now` of each type that has one. */
export async function activeDocumentIds(store: ReadStore, now: Date): Promise<Map<LegalDocumentType, number>> {
  const at = now.toISOString();
  const inForce = new Map<LegalDocumentType, number>();
  for (const [type, timeline] of await legalTimelines(store)) {
    const entry = entryInEffect(timeline, at);
    if (entry) inForce.set(type, entry.documentId);
  }
  return inForce;
}

/**
 * The documents in force at `now` of the given types, in that order. A type
 * whose version in force was deleted (possible only for versions activated
 * before locks existed, when a delete raced an activation) has none.
 */
export async function findActiveDocuments(store: ReadStore, types: readonly LegalDocumentType[], now: Date): Promise<LegalDocumentDoc[]> {
  const at = now.toISOString();
  const inForce = [...(await legalTimelines(store, types))].flatMap(([type, timeline]) => {
    const entry = entryInEffect(timeline, at);
    return entry ? [{ type, documentId: entry.documentId }] : [];
  });
  if (inForce.length === 0) return [];
  const documents = await store.collection<LegalDocumentDoc>(LEGAL_DOCUMENTS).find({ _id: { $in: inForce.map((a) => String(a.documentId)) }, deleted: false });
  const byType = new Map(documents.map((doc) => [doc.type, doc]));
  return types.flatMap((type) => {
    const doc = byType.get(type);
    return doc && inForce.some((a) => a.type === type && a.documentId === doc.documentId) ? [doc] : [];
  });
}

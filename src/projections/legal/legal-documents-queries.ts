import type { LegalDocumentType } from '../../contract/legal/legal';
import type { Collection, Projection, ReadStore } from '../../read-store/port';
import type { LegalDocumentDoc } from './legal-documents';
import { LEGAL_DOCUMENTS } from './legal-documents';

/** The legal documents read model, for the admin list that pages it. */
export function legalDocumentsCollection(store: ReadStore): Collection<LegalDocumentDoc> {
  return store.collection<LegalDocumentDoc>(LEGAL_DOCUMENTS);
}

/** One version, deleted or not: documents are keyed by their number as a string. */
export function findLegalDocument(store: ReadStore, documentId: number): Promise<LegalDocumentDoc | null> {
  return legalDocumentsCollection(store).findOne({ _id: String(documentId) });
}

/** These versions, deleted or not; `projection` narrows each. */
export function legalDocumentsByIds(store: ReadStore, documentIds: readonly number[], projection: Projection): Promise<LegalDocumentDoc[]> {
  return legalDocumentsCollection(store).find({ _id: { $in: documentIds.map(String) } }, { projection });
}

/** These versions, unless deleted; `projection` narrows each. */
export function undeletedLegalDocumentsByIds(store: ReadStore, documentIds: readonly number[], projection: Projection): Promise<LegalDocumentDoc[]> {
  return legalDocumentsCollection(store).find({ _id: { $in: documentIds.map(String) }, deleted: false }, { projection });
}

/** The numbers of every version of one type, deleted ones too. */
export function legalDocumentsOfType(store: ReadStore, type: LegalDocumentType): Promise<Array<Pick<LegalDocumentDoc, '_id' | 'documentId'>>> {
  return legalDocumentsCollection(store).find({ type }, { projection: { documentId: 1 } });
}

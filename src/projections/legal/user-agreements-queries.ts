import type { Collection, ReadStore } from '../../read-store/port';
import type { UserAgreementDoc } from './user-agreements';
import { USER_AGREEMENTS } from './user-agreements';

/** The acceptances read model, for the admin lists that page it. */
export function userAgreementsCollection(store: ReadStore): Collection<UserAgreementDoc> {
  return store.collection<UserAgreementDoc>(USER_AGREEMENTS);
}

/** Which of these versions the user accepted. */
export function acceptedDocumentsOf(store: ReadStore, userId: string, documentIds: readonly number[]): Promise<Array<Pick<UserAgreementDoc, '_id' | 'documentId'>>> {
  return userAgreementsCollection(store).find({ userId, documentId: { $in: documentIds } }, { projection: { documentId: 1 } });
}

/** Every acceptance of one user (their data export). */
export function agreementsOfUser(store: ReadStore, userId: string): Promise<UserAgreementDoc[]> {
  return userAgreementsCollection(store).find({ userId });
}

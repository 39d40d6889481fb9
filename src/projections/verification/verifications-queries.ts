import type { Collection, ReadStore } from '../../read-store/port';
import type { VerificationDoc } from './verifications';
import { VERIFICATIONS } from './verifications';

/** The verifications read model, for the review queue that pages it. */
export function verificationsCollection(store: ReadStore): Collection<VerificationDoc> {
  return store.collection<VerificationDoc>(VERIFICATIONS);
}

export function findVerification(store: ReadStore, verificationId: string): Promise<VerificationDoc | null> {
  return verificationsCollection(store).findOne({ _id: verificationId });
}

/** The submission whose bill is stored under `documentKey`. */
export function findVerificationByDocument(store: ReadStore, documentKey: string): Promise<VerificationDoc | null> {
  return verificationsCollection(store).findOne({ documentKey });
}

export function countVerifications(store: ReadStore, status: VerificationDoc['status']): Promise<number> {
  return verificationsCollection(store).countDocuments({ status });
}

/** Every bill a user submitted (their data export). */
export function verificationsOfUser(store: ReadStore, userId: string): Promise<VerificationDoc[]> {
  return verificationsCollection(store).find({ userId });
}

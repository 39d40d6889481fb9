import { isLegalEvent } from '../../domain/legal/events';
import type { Projection } from '../projection';
import { insertOnce } from '../projection';

export const USER_AGREEMENTS = 'user_agreements';

/** One user's acceptance of one document version; the `_id` is `{userId}:{documentId}`, unique like the pair. */
export type UserAgreementDoc = {
  _id: string;
  userId: string;
  documentId: number;
  /** The version label accepted; null on agreements recorded before labels were (the document's own label then applies). */
  version: string | null;
  agreedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  _position?: number;
};

export const userAgreementId = (userId: string, documentId: number) => `${userId}:${documentId}`;

/** The `user_agreements` read model, from the `agreements-{userId}` streams. */
export function createUserAgreementsProjection(): Projection {
  return {
    name: USER_AGREEMENTS,
    collections: [USER_AGREEMENTS],
    handles: ['AgreementAccepted'],
    async setup(store) {
      await store.collection<UserAgreementDoc>(USER_AGREEMENTS).createIndex({ documentId: 1, agreedAt: -1 });
      await store.collection<UserAgreementDoc>(USER_AGREEMENTS).createIndex({ userId: 1 });
    },
    async apply(event, store) {
      if (!isLegalEvent(event) || event.type !== 'AgreementAccepted') return;
      const { userId, documentId, ipAddress, userAgent, at } = event.data;
      await insertOnce(
        store.collection<UserAgreementDoc>(USER_AGREEMENTS),
        { _id: userAgreementId(userId, documentId), userId, documentId, version: event.data.version ?? null, agreedAt: at, ipAddress, userAgent },
        event.position,
      );
    },
  };
}

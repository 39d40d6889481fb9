import type { BidSelected } from '../../domain/bidding/selection';
import type { RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import type { Projection } from '../projection';
import { POSITION_FIELD, insertOnce } from '../projection';
import { selectionStream } from '../../domain/bidding/selection';

export const CONTACT_SHARES = 'contact_shares';

/**
 * One reveal of contact details (docs/decisions/0038): the owner selected the
 * realtor's bid on a listing, so each now sees the other's email and phone
 * (src/domain/bidding/contact.ts). Selection is the only reveal, so one
 * document per BidSelected, keyed by the listing, written once.
 */
export type ContactShareDoc = {
  _id: string;
  propertyId: string;
  ownerId: string;
  realtorId: string;
  at: string;
  _position?: number;
};

/** The `contact_shares` read model: one document per selection, from the selection streams. */
export function createContactSharesProjection(): Projection {
  return {
    name: CONTACT_SHARES,
    collections: [CONTACT_SHARES],
    handles: ['BidSelected'],
    async setup(store) {
      await store.collection<ContactShareDoc>(CONTACT_SHARES).createIndex({ ownerId: 1, [POSITION_FIELD]: -1 });
      await store.collection<ContactShareDoc>(CONTACT_SHARES).createIndex({ realtorId: 1, [POSITION_FIELD]: -1 });
    },
    async apply(event, store) {
      if (event.type !== 'BidSelected' || !selectionStream.owns(event.streamId)) return;
      const { propertyId, ownerId, realtorId, at } = (event as RecordedEvent & BidSelected).data;
      await insertOnce(store.collection<ContactShareDoc>(CONTACT_SHARES), { _id: propertyId, propertyId, ownerId, realtorId, at }, event.position);
    },
  };
}

/** The shares `userId` is a party to, newest first. */
export async function loadContactShares(store: ReadStore, userId: string): Promise<ContactShareDoc[]> {
  return store
    .collection<ContactShareDoc>(CONTACT_SHARES)
    .find({ $or: [{ ownerId: userId }, { realtorId: userId }] }, { sort: { [POSITION_FIELD]: -1 } });
}

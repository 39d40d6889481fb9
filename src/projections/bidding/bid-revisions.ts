import type { BidRevisionView } from '../../contract/bidding/bidding';
import type { BidMessageEdited, BidPlaced } from '../../domain/accounts/events';
import type { RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import type { Projection } from '../projection';
import { POSITION_FIELD, insertOnce } from '../projection';
import { userStream } from '../../domain/shared/stream-ids';

export const BID_REVISIONS = 'bid_revisions';

/**
 * One version of a bid's message: the one it was placed with, then one per
 * edit. A document per event, keyed by the bid and the event's log position,
 * so every node inserting it writes it once (docs/decisions/0031), and a bid
 * edited many times never grows one document without bound.
 */
export type BidRevisionDoc = {
  _id: string;
  bidId: string;
  propertyId: string;
  realtorId: string;
  kind: 'placed' | 'edited';
  message: string;
  at: string;
  _position?: number;
};


/**
 * The `bid_revisions` read model (docs/decisions/0037): the messages each bid
 * had, from the realtor's account stream. It pushes nothing: the `bids`
 * projection's `property:bids` push on an edit goes out after every projection
 * applied the event, so the owner's refetched list already counts it.
 */
export function createBidRevisionsProjection(): Projection {
  return {
    name: BID_REVISIONS,
    collections: [BID_REVISIONS],
    handles: ['BidPlaced', 'BidMessageEdited'],
    async setup(store) {
      await store.collection<BidRevisionDoc>(BID_REVISIONS).createIndex({ bidId: 1, [POSITION_FIELD]: 1 });
    },
    async apply(event, store) {
      if (!userStream.owns(event.streamId)) return;
      if (event.type !== 'BidPlaced' && event.type !== 'BidMessageEdited') return;
      const { bidId, propertyId, message, at } = (event as RecordedEvent & (BidPlaced | BidMessageEdited)).data;
      const revision: BidRevisionDoc = {
        _id: `${bidId}@${event.position}`,
        bidId,
        propertyId,
        realtorId: userStream.idIn(event.streamId),
        kind: event.type === 'BidPlaced' ? 'placed' : 'edited',
        message,
        at,
      };
      await insertOnce(store.collection<BidRevisionDoc>(BID_REVISIONS), revision, event.position);
    },
  };
}

/** A bid's revisions, oldest first (log order: an edit in the same millisecond still comes after). */
export async function loadBidRevisions(store: ReadStore, bidId: string): Promise<BidRevisionView[]> {
  const docs = await store.collection<BidRevisionDoc>(BID_REVISIONS).find({ bidId }, { sort: { [POSITION_FIELD]: 1 } });
  return docs.map(({ kind, message, at }) => ({ kind, message, at }));
}

/** How many times each of the given bids was edited; a bid never edited is absent. One read for a whole list. */
export async function countBidEdits(store: ReadStore, bidIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (bidIds.length === 0) return counts;
  const edits = await store
    .collection<BidRevisionDoc>(BID_REVISIONS)
    .find({ bidId: { $in: [...bidIds] }, kind: 'edited' }, { projection: { bidId: 1 } });
  for (const { bidId } of edits) counts.set(bidId, (counts.get(bidId) ?? 0) + 1);
  return counts;
}

/** The views with `editCount` (0 for a bid never edited): what the owner's list shows as 'Edited 2 times'. */
export async function withEditCounts<T extends { id: string }>(store: ReadStore, views: readonly T[]): Promise<Array<T & { editCount: number }>> {
  const counts = await countBidEdits(store, views.map((view) => view.id));
  return views.map((view) => ({ ...view, editCount: counts.get(view.id) ?? 0 }));
}

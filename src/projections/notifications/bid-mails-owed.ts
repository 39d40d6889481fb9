import type { BidPlaced } from '../../domain/accounts/events';
import type { BidMailsSent } from '../../domain/notifications/bid-mails';
import type { RecordedEvent } from '../../event-store/port';
import type { BidPropertyDoc } from '../bidding/bids';
import { BID_PROPERTIES } from '../bidding/bids';
import { loadNotificationPreferences } from './notification-preferences';
import type { OwedDoc } from '../owed';
import type { Projection } from '../projection';
import { upsertOnce } from '../projection';
import { userStream } from '../../domain/shared/stream-ids';
import { bidMailsStream } from '../../domain/notifications/bid-mails';

export const BID_MAILS_OWED = 'bid_mails_owed';

/** An owner's mail about a new bid, owed until a BidMailsSent names the bid; `_id` is the bidId. */
export type BidMailOwedDoc = OwedDoc & {
  ownerId: string;
  propertyId: string;
  propertyTitle: string;
  amount: number;
  /** The node whose request placed the bid: it mails at once; the others only once the mail is overdue. */
  node: string;
};

/**
 * The instant bid mails owed (docs/decisions/0043, 0052), for the bid mail
 * process (src/processes/notifications/bid-mails.ts). Registered after `bids` and
 * `notification_preferences`: a BidPlaced owes its owner a mail when they
 * chose instant mails (the default) at that point of the log. Only bids placed
 * through a request that names its node are owed: those before this process
 * existed were mailed by their request.
 */
export function createBidMailsOwedProjection(): Projection {
  return {
    name: BID_MAILS_OWED,
    collections: [BID_MAILS_OWED],
    async setup(store) {
      await store.collection<BidMailOwedDoc>(BID_MAILS_OWED).createIndex({ doneAt: 1, since: 1 });
    },
    async apply(event, store) {
      if (!userStream.owns(event.streamId) && !bidMailsStream.owns(event.streamId)) return;
      const owed = store.collection<BidMailOwedDoc>(BID_MAILS_OWED);
      if (event.type === 'BidPlaced') {
        const node = event.metadata.node;
        if (typeof node !== 'string') return;
        const { bidId, propertyId, amount } = (event as RecordedEvent & BidPlaced).data;
        const property = await store.collection<BidPropertyDoc>(BID_PROPERTIES).findOne({ _id: propertyId }, { projection: { ownerId: 1, title: 1 } });
        if (!property?.ownerId) return;
        if ((await loadNotificationPreferences(store, property.ownerId)).bidEmails !== 'instant') return;
        await upsertOnce(owed, bidId, event.position, {
          $set: { ownerId: property.ownerId, propertyId, propertyTitle: property.title, amount, node, since: event.recordedAt, causationId: event.id },
          $setOnInsert: { doneAt: null },
        });
        return;
      }
      if (event.type === 'BidMailsSent') {
        const { bidIds, at } = (event as RecordedEvent & BidMailsSent).data;
        // Upserts, so the mark exists before a lagging node could record the debt.
        for (const bidId of bidIds) await upsertOnce(owed, bidId, event.position, { $set: { doneAt: at } });
      }
    },
  };
}

import type { StandingBid, RefundOrder } from '../domain/bidding/policies';
import { refundForBidOnDeletedProperty, refundsForDeletedProperty } from '../domain/bidding/policies';
import type { BidPlaced, BidRefunded } from '../domain/accounts/events';
import type { RecordedEvent } from '../event-store/port';
import type { Collection } from '../read-store/port';
import type { BidDoc, BidPropertyDoc } from './bids';
import { BID_PROPERTIES, BIDS } from './bids';
import type { OwedDoc } from './owed';
import type { Projection } from './projection';
import { upsertOnce } from './projection';

export const REFUNDS_OWED = 'refunds_owed';

/** A bid whose credit must come back because its listing was deleted; `_id` is the bidId. */
export type RefundOwedDoc = OwedDoc & {
  realtorId: string;
  propertyId: string;
  /** For the refund mail. */
  propertyTitle: string;
  /** The refund's `at`: the deletion's, or the bid's own when it landed after the deletion. */
  at: string;
};

/**
 * The refunds owed (docs/decisions/0029), for the refund process manager
 * (src/processes/bid-refunds.ts). Registered after `bids`, whose standing bids and
 * deleted tombstones it reads: on a PropertyDeleted every standing bid of the
 * listing is owed a refund, and so is a BidPlaced that lands after its
 * listing's deletion (the two streams raced). The bid's BidRefunded pays it.
 */
export function createRefundsOwedProjection(): Projection {
  return {
    name: REFUNDS_OWED,
    collections: [REFUNDS_OWED],
    async setup(store) {
      await store.collection<RefundOwedDoc>(REFUNDS_OWED).createIndex({ doneAt: 1, since: 1 });
      await store.collection<RefundOwedDoc>(REFUNDS_OWED).createIndex({ propertyId: 1 });
    },
    async apply(event, store) {
      const owed = store.collection<RefundOwedDoc>(REFUNDS_OWED);
      if (event.type === 'PropertyDeleted' && event.streamId.startsWith('property-')) {
        const data = event.data as { propertyId?: string; title?: string; biddingEndsAt?: string; at: string };
        const propertyId = data.propertyId ?? event.streamId.slice('property-'.length);
        const standing = await store.collection<BidDoc>(BIDS).find({ propertyId, refundedAt: null });
        const orders = refundsForDeletedProperty(data.at, data.biddingEndsAt ?? null, standing.map(toStandingBid));
        for (const order of orders) await recordOwed(owed, order, propertyId, data.title ?? '', event);
        return;
      }
      if (!event.streamId.startsWith('user-')) return;
      if (event.type === 'BidPlaced') {
        const { bidId, propertyId, at } = (event as RecordedEvent & BidPlaced).data;
        const property = await store.collection<BidPropertyDoc>(BID_PROPERTIES).findOne({ _id: propertyId }, { projection: { deleted: 1, title: 1 } });
        const bid = { bidId, realtorId: event.streamId.slice('user-'.length), placedAt: at };
        for (const order of refundForBidOnDeletedProperty(bid, property?.deleted ?? false)) await recordOwed(owed, order, propertyId, property?.title ?? '', event);
        return;
      }
      if (event.type === 'BidRefunded') {
        const { bidId, at } = (event as RecordedEvent & BidRefunded).data;
        // An upsert: the mark must exist even where the debt was never recorded, so a lagging node cannot record it later.
        await upsertOnce(owed, bidId, event.position, { $set: { doneAt: at } });
      }
    },
  };
}

async function recordOwed(owed: Collection<RefundOwedDoc>, order: RefundOrder, propertyId: string, propertyTitle: string, cause: RecordedEvent) {
  await upsertOnce(owed, order.command.bidId, cause.position, {
    $set: { realtorId: order.realtorId, propertyId, propertyTitle, at: order.command.at, since: cause.recordedAt, causationId: cause.id },
    $setOnInsert: { doneAt: null },
  });
}

function toStandingBid(bid: BidDoc): StandingBid {
  return { bidId: bid._id, realtorId: bid.realtorId, placedAt: bid.createdAt };
}

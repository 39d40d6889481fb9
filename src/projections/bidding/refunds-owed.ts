import type { StandingBid, RefundOrder } from '../../domain/bidding/policies';
import {
  REFUND_NO_CHOICE_REASON,
  REFUND_REASON,
  REFUND_UNSEEN_REASON,
  noChoiceRefundDue,
  refundForBidOnDeletedProperty,
  refundsForDeletedProperty,
  seenBeforeClose,
} from '../../domain/bidding/policies';
import { isFairCreditsAdoptedEvent } from '../../domain/bidding/adoption';
import type { FairCreditsAdopted } from '../../domain/bidding/adoption';
import type { BidSeen } from '../../domain/bidding/seen';
import { isBidSeenEvent } from '../../domain/bidding/seen';
import type { BidSelected } from '../../domain/bidding/selection';
import { isSelectionEvent } from '../../domain/bidding/selection';
import type { BidPlaced, BidRefunded } from '../../domain/accounts/events';
import type { RecordedEvent } from '../../event-store/port';
import type { Collection } from '../../read-store/port';
import type { BidDoc, BidPropertyDoc } from './bids';
import { BID_PROPERTIES, BIDS } from './bids';
import type { OwedDoc } from '../owed';
import type { Projection } from '../projection';
import { updateOnce, upsertOnce } from '../projection';
import { userStream, propertyStream } from '../../domain/shared/stream-ids';

export const REFUNDS_OWED = 'refunds_owed';

/**
 * A bid whose credit comes back, now or when `since` comes; `_id` is the bidId.
 * Its listing was deleted (due at once), or it waits for the close (refunded
 * then unless the owner saw it before), then for seven days after the close
 * (refunded then unless the owner chose a realtor): docs/decisions/0059.
 */
export type RefundOwedDoc = OwedDoc & {
  realtorId: string;
  propertyId: string;
  /** For the refund mail. */
  propertyTitle: string;
  /** The refund's `at`: the deletion's (or the bid's own when it landed after the deletion), or the time it fell due. */
  at: string;
  /** The refund's reason; absent on documents written before, which are all deletions. */
  reason?: string;
  /** Set with `doneAt` when the owner's choice made the no-choice refund void. */
  voided?: boolean;
};

/**
 * The refunds owed (docs/decisions/0029), for the refund process manager
 * (src/processes/bidding/bid-refunds.ts). Registered after `bids`, whose standing bids and
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
      await store.collection<RefundOwedDoc>(REFUNDS_OWED).createIndex({ propertyId: 1, doneAt: 1 });
      await store.collection<RefundOwedDoc>(REFUNDS_OWED).createIndex({ doneAt: 1, dueAt: 1 });
    },
    async apply(event, store) {
      const owed = store.collection<RefundOwedDoc>(REFUNDS_OWED);
      if (isFairCreditsAdoptedEvent(event)) return applyAdoption(owed, event as RecordedEvent & FairCreditsAdopted);
      if (isBidSeenEvent(event)) return applySeen(owed, event as RecordedEvent & BidSeen);
      if (isSelectionEvent(event)) return applySelection(owed, event as RecordedEvent & BidSelected);
      if (event.type === 'PropertyUpdated' && propertyStream.owns(event.streamId)) return applyNewClose(owed, event);
      if (event.type === 'PropertyDeleted' && propertyStream.owns(event.streamId)) {
        const data = event.data as { propertyId?: string; title?: string; biddingEndsAt?: string; at: string };
        const propertyId = data.propertyId ?? propertyStream.idIn(event.streamId);
        const standing = await store.collection<BidDoc>(BIDS).find({ propertyId, refundedAt: null });
        const orders = refundsForDeletedProperty(data.at, data.biddingEndsAt ?? null, standing.map(toStandingBid));
        for (const order of orders) await recordOwed(owed, order, propertyId, data.title ?? '', event);
        return;
      }
      if (!userStream.owns(event.streamId)) return;
      if (event.type === 'BidPlaced') {
        const { bidId, propertyId, at } = (event as RecordedEvent & BidPlaced).data;
        const property = await store.collection<BidPropertyDoc>(BID_PROPERTIES).findOne({ _id: propertyId }, { projection: { deleted: 1, title: 1, biddingEndsAt: 1 } });
        const bid = { bidId, realtorId: userStream.idIn(event.streamId), placedAt: at };
        const orders = refundForBidOnDeletedProperty(bid, property?.deleted ?? false);
        for (const order of orders) await recordOwed(owed, order, propertyId, property?.title ?? '', event, undefined, NEW_BID);
        const closes = property?.biddingEndsAt ?? null;
        // Every bid on a live listing is owed back at the close, until the owner sees it in time.
        if (orders.length === 0 && closes !== null) {
          const order: RefundOrder = { realtorId: bid.realtorId, command: { type: 'RefundBid', bidId, reason: REFUND_UNSEEN_REASON, at: closes } };
          await recordOwed(owed, order, propertyId, property?.title ?? '', event, closes, NEW_BID);
        }
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

/**
 * A BidPlaced's own item: no event before it in the log names its bid, so no
 * item of that bid below its position can exist, let alone a voided one; an
 * item at or past it (a redelivery, a node ahead) is left alone by the
 * position guard whatever `reopen` says. So its voided mark is not read.
 */
const NEW_BID = true;

async function recordOwed(owed: Collection<RefundOwedDoc>, order: RefundOrder, propertyId: string, propertyTitle: string, cause: RecordedEvent, dueAt?: string, newBid = false) {
  const { bidId, at, reason } = order.command;
  // A no-choice refund the owner's choice made void does not void a deletion's.
  const reopen = !newBid && (await owed.findOne({ _id: bidId }, { projection: { voided: 1 } }))?.voided === true;
  await upsertOnce(owed, bidId, cause.position, {
    $set: { realtorId: order.realtorId, propertyId, propertyTitle, at, reason, since: dueAt ?? cause.recordedAt, dueAt: dueAt ?? null, causationId: cause.id, ...(reopen ? { doneAt: null, voided: false } : {}) },
    ...(reopen ? {} : { $setOnInsert: { doneAt: null } }),
  });
}

/** A bid the owner saw before the close is not refunded then, but seven days after it if no realtor is chosen. */
async function applySeen(owed: Collection<RefundOwedDoc>, event: RecordedEvent & BidSeen) {
  const { bidId, at } = event.data;
  const item = await owed.findOne({ _id: bidId });
  if (!item?.dueAt || item.doneAt !== null || item.reason !== REFUND_UNSEEN_REASON || !seenBeforeClose(at, item.dueAt)) return;
  const dueAt = noChoiceRefundDue(item.dueAt);
  await updateOnce(owed, bidId, event.position, { $set: { reason: REFUND_NO_CHOICE_REASON, since: dueAt, dueAt, at: dueAt, causationId: event.id } });
}

/** The owner chose: the no-choice refunds of the listing are void (the unseen ones were due at the close, before any choice). */
async function applySelection(owed: Collection<RefundOwedDoc>, event: RecordedEvent & BidSelected) {
  const { propertyId, at } = event.data;
  for (const item of await owed.find({ propertyId, doneAt: null, reason: REFUND_NO_CHOICE_REASON })) {
    await updateOnce(owed, item._id, event.position, { $set: { doneAt: at, voided: true } });
  }
}

/** The rules arrive on a log with bids in it: those bids were placed without them, and are owed no courtesy refund. */
async function applyAdoption(owed: Collection<RefundOwedDoc>, event: RecordedEvent & FairCreditsAdopted) {
  for (const item of await owed.find({ doneAt: null, reason: { $in: [REFUND_UNSEEN_REASON, REFUND_NO_CHOICE_REASON] } })) {
    await updateOnce(owed, item._id, event.position, { $set: { doneAt: event.data.at, voided: true } });
  }
}

/** A moved close moves what waits for it. */
async function applyNewClose(owed: Collection<RefundOwedDoc>, event: RecordedEvent) {
  const closes = (event.data as { biddingEndsAt?: unknown }).biddingEndsAt;
  if (typeof closes !== 'string') return;
  const propertyId = propertyStream.idIn(event.streamId);
  for (const item of await owed.find({ propertyId, doneAt: null, reason: { $in: [REFUND_UNSEEN_REASON, REFUND_NO_CHOICE_REASON] } })) {
    const dueAt = item.reason === REFUND_UNSEEN_REASON ? closes : noChoiceRefundDue(closes);
    await updateOnce(owed, item._id, event.position, { $set: { since: dueAt, dueAt, at: dueAt } });
  }
}

/** The reason of an owed refund; documents written before reasons were recorded are deletions. */
export const owedRefundReason = (item: RefundOwedDoc) => item.reason ?? REFUND_REASON;

function toStandingBid(bid: BidDoc): StandingBid {
  return { bidId: bid._id, realtorId: bid.realtorId, placedAt: bid.createdAt };
}

import { propertyRoom, userRoom } from '../../contract/realtime';
import type { PropertyFacts } from '../../domain/bidding/property-facts';
import { UNLISTED, evolvePropertyFacts, isPropertyEventType } from '../../domain/bidding/property-facts';
import type { BidSelected } from '../../domain/bidding/selection';
import { isSelectionEvent } from '../../domain/bidding/selection';
import type { BidMessageEdited, BidPlaced, BidRefunded } from '../../domain/accounts/events';
import { refundLeavesListing } from '../../domain/bidding/policies';
import type { BidSeen } from '../../domain/bidding/seen';
import { isBidSeenEvent } from '../../domain/bidding/seen';
import type { RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import { BID_PROPERTIES, BIDS, type BidDoc, type BidPropertyDoc } from './bid-docs';
import { viewPropertyBids } from './bid-views';
import type { ApplyContext, Projection, Push } from '../projection';
import { insertOnce, updateOnce, upsertOnce } from '../projection';
import { userStream, propertyStream } from '../../domain/shared/stream-ids';

/** The documents live in bid-docs.ts, where the views read them too; importers of bids.ts keep finding them here. */
export { BID_PROPERTIES, BIDS, type BidDoc, type BidPropertyDoc };

/**
 * The `bids` read model (every bid; a refunded one carries `refundedAt`) and
 * `bid_properties`. Pushes `bid:placed` to the owner, `property:bids` to the
 * property's watchers and its owner, and `bid:selected` to both parties.
 * Pushes go out on every delivery, like the activity log's, because nodes
 * sharing MongoDB each tell their own sockets while only the first one writes.
 */
export function createBidsProjection(): Projection {
  return {
    name: BIDS,
    collections: [BIDS, BID_PROPERTIES],
    async setup(store) {
      const bids = store.collection<BidDoc>(BIDS);
      await bids.createIndex({ propertyId: 1 });
      await bids.createIndex({ realtorId: 1 });
      await bids.createIndex({ createdAt: -1, _id: -1 });
      // The back office's bids by amount, a page at a time.
      await bids.createIndex({ amount: -1, _id: -1 });
      await store.collection<BidPropertyDoc>(BID_PROPERTIES).createIndex({ ownerId: 1 });
      // A realtor's wins, counted for the owner's bid list and the profile.
      await store.collection<BidPropertyDoc>(BID_PROPERTIES).createIndex({ selectedRealtorId: 1 });
    },
    async apply(event, store, context) {
      const replaying = context?.replaying ?? false;
      if (propertyStream.owns(event.streamId) && isPropertyEventType(event.type)) return applyPropertyEvent(event, store);
      if (isSelectionEvent(event)) return applySelection(event as RecordedEvent & BidSelected, store);
      if (isBidSeenEvent(event)) return applySeen(event as RecordedEvent & BidSeen, store);
      if (!userStream.owns(event.streamId)) return;
      const realtorId = userStream.idIn(event.streamId);
      switch (event.type) {
        case 'BidPlaced':
          return applyBidPlaced(event as RecordedEvent & BidPlaced, realtorId, store, replaying, context?.listening);
        case 'BidMessageEdited':
          return applyBidEdited(event as RecordedEvent & BidMessageEdited, store);
        case 'BidRefunded':
          return applyBidRefunded(event as RecordedEvent & BidRefunded, store);
        default:
          return;
      }
    },
  };
}

async function applyPropertyEvent(event: RecordedEvent, store: ReadStore): Promise<void> {
  const properties = store.collection<BidPropertyDoc>(BID_PROPERTIES);
  const propertyId = propertyStream.idIn(event.streamId);
  const current = await properties.findOne({ _id: propertyId });
  const facts: PropertyFacts = current ? pickFacts(current) : UNLISTED;
  await upsertOnce(properties, propertyId, event.position, {
    $set: { ...evolvePropertyFacts(facts, event) },
    $setOnInsert: { bidCount: 0, selectedBidId: null, selectedRealtorId: null, selectedAt: null },
  });
}

function pickFacts(doc: BidPropertyDoc): PropertyFacts {
  const { exists, deleted, ownerId, title, isActive, biddingEndsAt, minBidAmount } = doc;
  return { exists, deleted, ownerId, title, isActive, biddingEndsAt, minBidAmount };
}

async function applyBidPlaced(event: RecordedEvent & BidPlaced, realtorId: string, store: ReadStore, replaying: boolean, listening: ApplyContext['listening']): Promise<Push[]> {
  const { bidId, propertyId, amount, message, at } = event.data;
  const bids = store.collection<BidDoc>(BIDS);
  const properties = store.collection<BidPropertyDoc>(BID_PROPERTIES);
  const bid: BidDoc = { _id: bidId, propertyId, realtorId, amount, message, createdAt: at, updatedAt: at, refundedAt: null, seenAt: null, creditReturned: null };
  await insertOnce(bids, bid, event.position);
  await updateOnce(properties, propertyId, event.position, { $inc: { bidCount: 1 } });
  // Pushes about past events go nowhere, and building the owner's view costs reads.
  if (replaying) return [];
  const property = await properties.findOne({ _id: propertyId });
  if (!property || property.ownerId === null) return [];
  // The bid as its owner may see it: contact details are never shared while bidding is open.
  const count: Push = { rooms: [propertyRoom(propertyId), userRoom(property.ownerId)], event: 'property:bids', payload: { propertyId, bidCount: property.bidCount } };
  // The owner's view costs the bidder's reads: only for an owner with a socket on this node.
  if (listening && !listening([userRoom(property.ownerId)])) return [count];
  const [view] = await viewPropertyBids(store, [bid], property, property.ownerId, new Date(at));
  if (!view) return [count];
  // With the listing's title, so the owner's toast says which property wherever they are.
  return [{ rooms: [userRoom(property.ownerId)], event: 'bid:placed', payload: { ...view, propertyTitle: property.title } }, count];
}

async function applyBidEdited(event: RecordedEvent & BidMessageEdited, store: ReadStore): Promise<Push[]> {
  const { bidId, propertyId, message, at } = event.data;
  await updateOnce(store.collection<BidDoc>(BIDS), bidId, event.position, { $set: { message, updatedAt: at } });
  const property = await store.collection<BidPropertyDoc>(BID_PROPERTIES).findOne({ _id: propertyId });
  if (!property || property.ownerId === null) return [];
  // The count is unchanged, but the owner's list holds the old message: property:bids makes the client refetch it.
  return [{ rooms: [userRoom(property.ownerId)], event: 'property:bids', payload: { propertyId, bidCount: property.bidCount } }];
}

async function applyBidRefunded(event: RecordedEvent & BidRefunded, store: ReadStore): Promise<Push[]> {
  const { bidId, propertyId, at, reason } = event.data;
  const properties = store.collection<BidPropertyDoc>(BID_PROPERTIES);
  if (!refundLeavesListing(reason)) {
    // The credit came back; the bid stays on the listing and in its count.
    await updateOnce(store.collection<BidDoc>(BIDS), bidId, event.position, { $set: { creditReturned: { at, reason } } });
    return [];
  }
  await updateOnce(store.collection<BidDoc>(BIDS), bidId, event.position, { $set: { refundedAt: at } });
  await updateOnce(properties, propertyId, event.position, { $inc: { bidCount: -1 } });
  const property = await properties.findOne({ _id: propertyId });
  if (!property || property.deleted || property.ownerId === null) return [];
  return [{ rooms: [propertyRoom(propertyId), userRoom(property.ownerId)], event: 'property:bids', payload: { propertyId, bidCount: property.bidCount } }];
}

async function applySelection(event: RecordedEvent & BidSelected, store: ReadStore): Promise<Push[]> {
  const { propertyId, bidId, realtorId, ownerId, at } = event.data;
  await updateOnce(store.collection<BidPropertyDoc>(BID_PROPERTIES), propertyId, event.position, {
    $set: { selectedBidId: bidId, selectedRealtorId: realtorId, selectedAt: at },
  });
  // Every bidder's open pages follow: the chosen one reads "Selected", the others "Not selected" (issue 27, item 5).
  const bidders = await store.collection<BidDoc>(BIDS).find({ propertyId }, { projection: { realtorId: 1 } });
  const rooms = [...new Set([ownerId, realtorId, ...bidders.map((bid) => bid.realtorId)])].map(userRoom);
  return [{ rooms: [...rooms, propertyRoom(propertyId)], event: 'bid:selected', payload: { propertyId, bidId, realtorId, selectedAt: at } }];
}

/** The owner opened the bid: its realtor's open pages say so. */
async function applySeen(event: RecordedEvent & BidSeen, store: ReadStore): Promise<Push[]> {
  const { bidId, propertyId, realtorId, at } = event.data;
  await updateOnce(store.collection<BidDoc>(BIDS), bidId, event.position, { $set: { seenAt: at } });
  return [{ rooms: [userRoom(realtorId)], event: 'bid:seen', payload: { propertyId, bidId, seenAt: at } }];
}

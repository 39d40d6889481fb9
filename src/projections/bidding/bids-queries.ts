import type { Collection, Filter, FindOptions, Projection, ReadStore } from '../../read-store/port';
import type { BidDoc, BidPropertyDoc } from './bids';
import { BID_PROPERTIES, BIDS } from './bids';
import { REALTOR_PROFILES } from '../realtor-profiles/realtor-profiles';
import { USERS } from '../accounts/users';

/**
 * What a realtor's own bid reads (loadOwnBid: the bid, its listing, the people
 * on it, bid-views.ts): the answer to placing or editing a bid waits for the
 * projections that own these alone (docs/decisions/0062).
 */
export const OWN_BID_READS: readonly string[] = [BIDS, BID_PROPERTIES, USERS, REALTOR_PROFILES];

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The bids read model, for the admin list that pages it. */
export function bidsCollection(store: ReadStore): Collection<BidDoc> {
  return store.collection<BidDoc>(BIDS);
}

function bidProperties(store: ReadStore): Collection<BidPropertyDoc> {
  return store.collection<BidPropertyDoc>(BID_PROPERTIES);
}

export function findBid(store: ReadStore, bidId: string): Promise<BidDoc | null> {
  return bidsCollection(store).findOne({ _id: bidId });
}

/** A realtor's bid on one listing, if they made one. */
export function findBidOn(store: ReadStore, realtorId: string, propertyId: string): Promise<BidDoc | null> {
  return bidsCollection(store).findOne({ realtorId, propertyId });
}

/** A realtor's bids, newest first. */
export function bidsOfRealtor(store: ReadStore, realtorId: string): Promise<BidDoc[]> {
  return bidsCollection(store).find({ realtorId }, { sort: NEWEST_FIRST });
}

/** The bids on a listing that were not refunded, newest first: all of them, or only `realtorId`'s. */
export function standingBidsOnProperty(store: ReadStore, propertyId: string, realtorId?: string): Promise<BidDoc[]> {
  const filter = realtorId === undefined ? { propertyId, refundedAt: null } : { propertyId, realtorId, refundedAt: null };
  return bidsCollection(store).find(filter, { sort: NEWEST_FIRST });
}

/** Who else bid on a listing: the bids of everyone but `realtorId`, with only their realtor. */
export function otherBiddersOn(store: ReadStore, propertyId: string, realtorId: string): Promise<Array<Pick<BidDoc, '_id' | 'realtorId'>>> {
  return bidsCollection(store).find({ propertyId, realtorId: { $ne: realtorId } }, { projection: { realtorId: 1 } });
}

export function countBids(store: ReadStore): Promise<number> {
  return bidsCollection(store).countDocuments();
}

/** A listing as bidding sees it (src/projections/bidding/bids.ts keeps these facts). */
export function findBidProperty(store: ReadStore, propertyId: string): Promise<BidPropertyDoc | null> {
  return bidProperties(store).findOne({ _id: propertyId });
}

export function bidPropertiesByIds(store: ReadStore, ids: readonly string[], projection: Projection): Promise<BidPropertyDoc[]> {
  return bidProperties(store).find({ _id: { $in: ids } }, { projection });
}

/** The listings of bidding that `filter` matches; `options` narrows what is read. */
export function bidPropertiesMatching(store: ReadStore, filter: Filter, options: FindOptions = {}): Promise<BidPropertyDoc[]> {
  return bidProperties(store).find(filter, options);
}

/** A homeowner's listings that selected this realtor's bid. */
export function propertiesSelectingRealtor(store: ReadStore, ownerId: string, realtorId: string): Promise<BidPropertyDoc[]> {
  return bidProperties(store).find({ ownerId, selectedRealtorId: realtorId });
}

/** Every bid a realtor made, refunded ones too, in no particular order (their data export). */
export function everyBidOfRealtor(store: ReadStore, realtorId: string): Promise<BidDoc[]> {
  return bidsCollection(store).find({ realtorId });
}

/** How many listings selected each realtor's bid (their wins), in one read. */
export async function winsOf(store: ReadStore, realtorIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(realtorIds)];
  const wins = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return wins;
  const chosen = await bidProperties(store).find({ selectedRealtorId: { $in: ids } }, { projection: { selectedRealtorId: 1 } });
  for (const { selectedRealtorId } of chosen) if (selectedRealtorId !== null) wins.set(selectedRealtorId, (wins.get(selectedRealtorId) ?? 0) + 1);
  return wins;
}

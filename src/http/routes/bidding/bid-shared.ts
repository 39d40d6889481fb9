import type { PropertySnapshot } from '../../../domain/accounts/commands';
import type { PropertyFacts } from '../../../domain/bidding/property-facts';
import { NotFoundError } from '../../../domain/shared/errors';
import type { OwnBidView } from '../../../contract/bidding/bidding';
import { viewOwnBids } from '../../../projections/bidding/bid-views';
import type { BidDoc } from '../../../projections/bidding/bids';
import { bidsOfRealtor, findBid, findBidProperty } from '../../../projections/bidding/bids-queries';
import type { AppDeps } from '../../deps';

/** Ids the server made (UUIDs) or a test named: anything else cannot exist. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function requireId(id: string, notFound: string): string {
  if (!ID.test(id)) throw new NotFoundError(notFound);
  return id;
}

export function toSnapshot(facts: PropertyFacts): PropertySnapshot {
  const { exists, ownerId, isActive, biddingEndsAt, minBidAmount } = facts;
  return { exists, ownerId, isActive, biddingEndsAt, minBidAmount };
}

/** A realtor's standing bids, newest first, as the realtor sees them. */
export async function loadOwnBids(deps: Pick<AppDeps, 'readStore' | 'clock'>, realtorId: string): Promise<OwnBidView[]> {
  return viewOwn(deps, await bidsOfRealtor(deps.readStore, realtorId), realtorId);
}

/** One of the realtor's bids as they see it, once the read models show it. */
export async function loadOwnBid(deps: Pick<AppDeps, 'readStore' | 'clock'>, realtorId: string, bidId: string): Promise<OwnBidView> {
  const bid = await findBid(deps.readStore, bidId);
  const [view] = bid && bid.realtorId === realtorId ? await viewOwn(deps, [bid], realtorId) : [];
  if (!view) throw new NotFoundError('Bid not found');
  return view;
}

async function viewOwn(deps: Pick<AppDeps, 'readStore' | 'clock'>, list: BidDoc[], realtorId: string): Promise<OwnBidView[]> {
  const docs = await Promise.all([...new Set(list.map((bid) => bid.propertyId))].map((id) => findBidProperty(deps.readStore, id)));
  const byId = new Map(docs.filter((doc) => doc !== null).map((doc) => [doc._id, doc]));
  return viewOwnBids(deps.readStore, list, byId, realtorId, deps.clock());
}

import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminBidJson, BidStatus } from '../../../contract/bidding/bidding';
import { BID_STATUSES } from '../../../contract/bidding/bidding';
import { bidStateOf } from '../../../domain/bidding/bid-status';
import type { BidDoc, BidPropertyDoc } from '../../../projections/bidding/bids';
import { bidPropertiesByIds, bidPropertiesMatching, bidsCollection } from '../../../projections/bidding/bids-queries';
import type { Filter, ReadStore, Sort } from '../../../read-store/port';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { allOf, containsPattern, dayParam, dayRangeFilter, listPage, listQuery, optionalParam, searchParam } from './list-page';
import { validate } from '../../validation';
import { idsOfPeopleMatching, peopleById } from './people-search';

// Newest and oldest walk the bids' createdAt index, forwards or backwards; amount has its own.
const BID_SORTS = { newest: { createdAt: -1 }, oldest: { createdAt: 1 }, amount: { amount: -1 } } satisfies Record<string, Sort>;

export const bidsListQuery = listQuery.extend({
  search: searchParam,
  status: optionalParam(z.enum(BID_STATUSES, { error: 'Status must be pending, processing, completed or failed' })),
  from: dayParam('From must be a date (YYYY-MM-DD)'),
  to: dayParam('To must be a date (YYYY-MM-DD)'),
  sort: optionalParam(z.enum(['newest', 'oldest', 'amount'], { error: 'Sort must be newest, oldest or amount' })),
});

type BiddingFacts = Pick<BidPropertyDoc, '_id' | 'title' | 'selectedBidId' | 'biddingEndsAt'>;

/** GET /api/admin/bids: every administrator reads it. */
export function createAdminBidRoutes(deps: AppDeps) {

  /** The listing's title, or the realtor's name or email, contains `search`. */
  const searchFilter = async (search: string): Promise<Filter> => {
    if (search === '') return {};
    const [realtorIds, listed] = await Promise.all([
      idsOfPeopleMatching(deps.readStore, search, 'realtor'),
      bidPropertiesMatching(deps.readStore, { title: containsPattern(search) }, { projection: { _id: 1 } }),
    ]);
    return { $or: [{ realtorId: { $in: realtorIds } }, { propertyId: { $in: listed.map((property) => property._id) } }] };
  };

  return new Hono<AppEnv>()
    .get('/bids', requireAdmin(), async (c) => {
      const query = validate(bidsListQuery, c.req.query());
      const now = deps.clock();
      const filter = allOf(
        await searchFilter(query.search ?? ''),
        query.status === undefined ? {} : await bidStatusFilter(deps.readStore, query.status, now),
        dayRangeFilter('createdAt', query.from, query.to),
      );
      const page = await listPage<BidDoc>(bidsCollection(deps.readStore), filter, BID_SORTS[query.sort ?? 'newest'], query);
      const [people, listed] = await Promise.all([
        peopleById(deps.readStore, page.docs.map((bid) => bid.realtorId)),
        bidPropertiesByIds(deps.readStore, [...new Set(page.docs.map((bid) => bid.propertyId))], { title: 1, selectedBidId: 1, biddingEndsAt: 1 }),
      ]);
      const propertyOf = new Map<string, BiddingFacts>(listed.map((p) => [p._id, p]));
      const items = page.docs.map((bid): AdminBidJson => ({
        id: bid._id,
        propertyId: bid.propertyId,
        propertyTitle: propertyOf.get(bid.propertyId)?.title ?? '',
        realtorId: bid.realtorId,
        realtorName: people.get(bid.realtorId)?.name ?? '',
        realtorEmail: people.get(bid.realtorId)?.email ?? '',
        amount: bid.amount,
        message: bid.message,
        ...bidStateOf({ bidId: bid._id, refunded: Boolean(bid.refundedAt) }, propertyOf.get(bid.propertyId) ?? { biddingEndsAt: null, selectedBidId: null }, now),
        selected: propertyOf.get(bid.propertyId)?.selectedBidId === bid._id,
        createdAt: bid.createdAt,
      }));
      return c.json({ items, nextCursor: page.nextCursor, total: page.total });
    });
}

/**
 * The bids whose bidStateOf (src/domain/bidding/bid-status.ts) has `status` at
 * `now`, as a filter on the bids: the state is derived from the listing, so
 * the listings in each state are looked up first (their ids, never the bids).
 */
async function bidStatusFilter(store: ReadStore, status: BidStatus, now: Date): Promise<Filter> {
  const standing = { refundedAt: null };
  if (status === 'completed' || status === 'failed') {
    const chosen = await bidPropertiesMatching(store, { selectedBidId: { $ne: null } }, { projection: { selectedBidId: 1 } });
    const chosenBids = chosen.flatMap((property) => property.selectedBidId ?? []);
    if (status === 'completed') return { ...standing, _id: { $in: chosenBids } };
    return { $or: [{ refundedAt: { $ne: null } }, { propertyId: { $in: chosen.map((property) => property._id) }, _id: { $nin: chosenBids } }] };
  }
  // Listing times are ISO strings (src/contract/listings/listing-requests.ts), so they compare as they sort.
  const at = now.toISOString();
  const closes = status === 'pending' ? { $or: [{ biddingEndsAt: null }, { biddingEndsAt: { $gt: at } }] } : { biddingEndsAt: { $lte: at } };
  const unchosen = await bidPropertiesMatching(store, { selectedBidId: null, ...closes }, { projection: { _id: 1 } });
  return { ...standing, propertyId: { $in: unchosen.map((property) => property._id) } };
}

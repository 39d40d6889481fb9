import { Hono } from 'hono';
import { bidStateOf } from '../../domain/bidding/bid-status';
import type { BidDoc, BidPropertyDoc } from '../../projections/bids';
import type { RealtorProfileDoc } from '../../projections/realtor-profiles';
import { REALTOR_PROFILES } from '../../projections/realtor-profiles';
import type { UserDoc } from '../../projections/users';
import { USERS } from '../../projections/users';
import type { AppDeps } from '../app';
import type { AppEnv } from '../context';
import { requireAdmin } from '../guards';
import { bidCollections } from './bid-shared';

/** The newest entries only: the back office tabs filter in the browser. */
const MAX_LISTED = 500;

/** GET /api/admin/bids and GET /api/admin/realtor-profiles: every administrator reads them. */
export function createAdminBidRoutes(deps: AppDeps) {
  const { bids, properties } = bidCollections(deps);
  const users = deps.readStore.collection<UserDoc>(USERS);
  const profiles = deps.readStore.collection<RealtorProfileDoc>(REALTOR_PROFILES);

  const usersById = async (ids: string[]) => {
    const list = await users.find({ _id: { $in: [...new Set(ids)] } }, { projection: { name: 1, email: 1, profileImageUrl: 1 } });
    return new Map(list.map((user) => [user._id, user]));
  };

  return new Hono<AppEnv>()
    .get('/bids', requireAdmin(), async (c) => {
      const list: BidDoc[] = await bids.find({}, { sort: { createdAt: -1, _id: -1 }, limit: MAX_LISTED });
      const [people, listed] = await Promise.all([
        usersById(list.map((bid) => bid.realtorId)),
        properties.find({ _id: { $in: [...new Set(list.map((bid) => bid.propertyId))] } }, { projection: { title: 1, selectedBidId: 1, biddingEndsAt: 1 } }),
      ]);
      const propertyOf = new Map<string, Pick<BidPropertyDoc, '_id' | 'title' | 'selectedBidId' | 'biddingEndsAt'>>(listed.map((p) => [p._id, p]));
      const now = deps.clock();
      return c.json(
        list.map((bid) => ({
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
        })),
      );
    })

    .get('/realtor-profiles', requireAdmin(), async (c) => {
      const list = await profiles.find({}, { sort: { updatedAt: -1, _id: -1 }, limit: MAX_LISTED });
      const people = await usersById(list.map((profile) => profile._id));
      return c.json(
        list.map((profile) => ({
          id: profile._id,
          userId: profile._id,
          userName: people.get(profile._id)?.name ?? '',
          userEmail: people.get(profile._id)?.email ?? '',
          brokerageName: profile.brokerageName,
          licenseNumber: profile.licenseNumber,
          yearsExperience: profile.yearsOfExperience,
          serviceAreas: profile.serviceAreas,
          specialties: profile.specialties,
          additionalServices: profile.additionalServices,
          commissionRate: profile.commissionRate,
          about: profile.about,
          profileImage: profile.profileImageUrl ?? people.get(profile._id)?.profileImageUrl ?? null,
          createdAt: profile.createdAt,
          updatedAt: profile.updatedAt,
        })),
      );
    });
}

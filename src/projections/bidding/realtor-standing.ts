import type { BidderStanding } from '../../contract/bidding/bidding';
import type { ReviewSummary } from '../../contract/reviews/reviews';
import type { ReadStore } from '../../read-store/port';
import { winsOf } from './bids-queries';
import { servesArea } from '../listings/listing-area';
import type { RealtorProfileDoc } from '../realtor-profiles/realtor-profiles';
import { realtorProfilesByIds } from '../realtor-profiles/realtor-profiles-queries';
import { reviewSummaries } from '../reviews/reviews-queries';

/*
 * What a homeowner may weigh of realtors before choosing, none of it naming
 * them (docs/decisions/0051): verified, experience, tags, wins and reviews.
 * One read per collection for any number of realtors, so a bid list costs
 * three reads however many bid.
 */

/** The licence vetting's verdict, kept on the realtor profile's read model; missing means never submitted. */
export function isVerifiedRealtor(profile: RealtorProfileDoc | null | undefined): boolean {
  return (profile as { verificationStatus?: unknown } | null | undefined)?.verificationStatus === 'approved';
}

export type RealtorStanding = Omit<BidderStanding, 'servesListingArea'> & { profile: RealtorProfileDoc | undefined };

const NO_REVIEWS: ReviewSummary = { count: 0, average: null };

/** Each realtor's standing, by id. */
export async function loadRealtorStandings(store: ReadStore, realtorIds: readonly string[]): Promise<Map<string, RealtorStanding>> {
  const ids = [...new Set(realtorIds)];
  const [profiles, wins, reviews] = await Promise.all([ids.length === 0 ? [] : realtorProfilesByIds(store, ids), winsOf(store, ids), reviewSummaries(store, ids)]);
  const byId = new Map(profiles.map((profile) => [profile._id, profile]));
  return new Map(
    ids.map((id) => {
      const profile = byId.get(id);
      return [
        id,
        {
          profile,
          realtorVerified: isVerifiedRealtor(profile),
          yearsOfExperience: profile?.yearsOfExperience ?? 0,
          specialties: profile?.specialties ?? [],
          serviceAreas: profile?.serviceAreas ?? [],
          wins: wins.get(id) ?? 0,
          reviewSummary: reviews.get(id) ?? NO_REVIEWS,
        },
      ];
    }),
  );
}

/** Bids with their bidder's standing, for a listing at `location` (null when the listing's location is unknown). */
export async function withBidderStanding<T extends { realtorId: string }>(store: ReadStore, bids: readonly T[], location: string | null): Promise<Array<T & BidderStanding>> {
  const standings = await loadRealtorStandings(store, bids.map((bid) => bid.realtorId));
  return bids.map((bid) => {
    const { profile: _profile, ...standing } = standings.get(bid.realtorId) ?? { profile: undefined, realtorVerified: false, yearsOfExperience: 0, specialties: [], serviceAreas: [], wins: 0, reviewSummary: NO_REVIEWS };
    return { ...bid, ...standing, servesListingArea: location !== null && servesArea(standing.serviceAreas, location) };
  });
}

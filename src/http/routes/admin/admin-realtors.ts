import type { AdminRealtor } from '../../../contract/admin-realtors';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { RealtorProfileDoc } from '../../../projections/realtor-profiles';
import { idsOfRealtorsWithProfile, realtorProfilesByIds } from '../../../projections/realtor-profiles-queries';
import type { UserDoc } from '../../../projections/users';
import { usersCollection } from '../../../projections/users-queries';
import type { Sort } from '../../../read-store/port';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { allOf, booleanParam, listPage, listQuery, optionalParam, searchParam } from '../../list-page';
import { validate } from '../../validation';
import { userSearchFilter } from './admin-accounts';

const REALTOR_SORTS = { newest: { createdAt: -1 }, oldest: { createdAt: 1 }, name: { name: 1 } } satisfies Record<string, Sort>;

export const realtorsListQuery = listQuery.extend({
  search: searchParam,
  hasProfile: booleanParam('Has profile must be true or false'),
  sort: optionalParam(z.enum(['newest', 'oldest', 'name'], { error: 'Sort must be newest, oldest or name' })),
});

function toAdminRealtor(user: UserDoc, profile: RealtorProfileDoc | undefined): AdminRealtor {
  return {
    id: user._id,
    userId: user._id,
    userName: user.name,
    userEmail: user.email,
    credits: user.credits,
    joinedAt: user.createdAt,
    hasProfile: profile !== undefined,
    brokerageName: profile?.brokerageName ?? '',
    licenseNumber: profile?.licenseNumber ?? '',
    yearsExperience: profile?.yearsOfExperience ?? null,
    serviceAreas: profile?.serviceAreas ?? [],
    specialties: profile?.specialties ?? [],
    additionalServices: profile?.additionalServices ?? [],
    commissionRate: profile?.commissionRate ?? '',
    about: profile?.about ?? '',
    profileImage: profile?.profileImageUrl ?? user.profileImageUrl ?? null,
    createdAt: profile?.createdAt ?? null,
    updatedAt: profile?.updatedAt ?? null,
  };
}

/**
 * GET /api/admin/realtors, and the spec's GET /api/admin/realtor-profiles with the same answer:
 * every realtor account, profile or not (docs/decisions/0032).
 */
export function createAdminRealtorRoutes(deps: AppDeps): Hono<AppEnv> {

  const list = async (c: Context<AppEnv>) => {
    const query = validate(realtorsListQuery, c.req.query());
    // Realtors are a small share of the users: who has a profile is read whole rather than kept on every user.
    const withProfile = query.hasProfile === undefined ? null : await idsOfRealtorsWithProfile(deps.readStore);
    const filter = allOf(
      { role: 'realtor' },
      userSearchFilter(query.search ?? ''),
      withProfile === null ? {} : { _id: query.hasProfile ? { $in: withProfile } : { $nin: withProfile } },
    );
    const page = await listPage(usersCollection(deps.readStore), filter, REALTOR_SORTS[query.sort ?? 'newest'], query);
    const found = await realtorProfilesByIds(deps.readStore, page.docs.map((user) => user._id));
    const profileOf = new Map(found.map((profile) => [profile._id, profile]));
    return c.json({ items: page.docs.map((user) => toAdminRealtor(user, profileOf.get(user._id))), nextCursor: page.nextCursor, total: page.total });
  };

  return new Hono<AppEnv>().get('/realtors', requireAdmin(), list).get('/realtor-profiles', requireAdmin(), list);
}

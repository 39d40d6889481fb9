import type { AdminRealtor } from '../../../contract/admin/admin-realtors';
import { rejectRealtorSchema, revokeRealtorSchema } from '../../../contract/admin/admin-realtors';
import { REALTOR_VERIFICATION_STATUSES } from '../../../contract/realtor-profiles/realtor-profiles';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { parseBlobKey } from '../../../blobs/keys';
import type { RealtorProfileCommand } from '../../../domain/realtor-profiles/profile';
import { realtorProfile, realtorProfileStreamId } from '../../../domain/realtor-profiles/profile';
import { NotFoundError } from '../../../domain/shared/errors';
import type { RealtorProfileDoc } from '../../../projections/realtor-profiles/realtor-profiles';
import {
  findRealtorProfile,
  findRealtorProfileByDocument,
  idsOfRealtorsInReview,
  idsOfRealtorsWithProfile,
  realtorProfilesByIds,
  realtorProfilesCollection,
} from '../../../projections/realtor-profiles/realtor-profiles-queries';
import type { UserDoc } from '../../../projections/accounts/users';
import { findUser, idsOfUsersMatching, usersByIds, usersCollection } from '../../../projections/accounts/users-queries';
import type { Filter, Sort } from '../../../read-store/port';
import { recordAudit } from './audit';
import { runCommand } from '../../commands';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { allOf, booleanParam, listPage, listQuery, optionalParam, searchParam } from './list-page';
import { readJson, validate } from '../../validation';
import { adminActor } from './admin-shared';
import { userSearchFilter } from './admin-accounts';
import { DOCUMENT_URL_TTL_SECONDS } from './admin-verifications';

const REALTOR_SORTS = { newest: { createdAt: -1 }, oldest: { createdAt: 1 }, name: { name: 1 } } satisfies Record<string, Sort>;
export const REALTOR_NOT_FOUND = 'Realtor not found';

export const realtorsListQuery = listQuery.extend({
  search: searchParam,
  hasProfile: booleanParam('Has profile must be true or false'),
  verificationStatus: optionalParam(z.enum(REALTOR_VERIFICATION_STATUSES, { error: 'Verification status must be not_submitted, pending, approved or rejected' })),
  sort: optionalParam(z.enum(['newest', 'oldest', 'name'], { error: 'Sort must be newest, oldest or name' })),
});

function toAdminRealtor(user: Pick<UserDoc, '_id' | 'name' | 'email' | 'credits' | 'createdAt' | 'profileImageUrl'>, profile: RealtorProfileDoc | undefined): AdminRealtor {
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
    verificationStatus: profile?.verificationStatus ?? 'not_submitted',
    submittedAt: profile?.submittedAt ?? null,
    reviewedAt: profile?.reviewedAt ?? null,
    verificationDocumentUrl: profile?.verificationDocumentUrl ?? null,
    rejectionSubject: profile?.rejectionSubject ?? null,
    rejectionMessage: profile?.rejectionMessage ?? null,
  };
}

/**
 * GET /api/admin/realtors and GET /api/admin/realtor-profiles (the same answer): every realtor account,
 * profile or not (docs/decisions/0032); the licence review's approve, reject and revoke, and short-lived
 * addresses of licence documents (docs/decisions/0050).
 */
export function createAdminRealtorRoutes(deps: AppDeps): Hono<AppEnv> {

  /** The realtors whose name, username or email contains `search`; realtors are few, so read whole. */
  const realtorSearch = async (search: string | undefined): Promise<Filter> =>
    search ? { _id: { $in: await idsOfUsersMatching(deps.readStore, { role: 'realtor', ...userSearchFilter(search) }) } } : {};

  /** Realtors in review, approved or rejected: a page of their profiles, by when they went to review (the queue oldest first). */
  const listInReview = async (c: Context<AppEnv>, query: z.output<typeof realtorsListQuery>, status: 'pending' | 'approved' | 'rejected') => {
    const order = query.sort === 'oldest' || query.sort === 'newest' ? query.sort : status === 'pending' ? 'oldest' : 'newest';
    const filter = allOf({ verificationStatus: status }, await realtorSearch(query.search), query.hasProfile === false ? { _id: { $exists: false } } : {});
    const page = await listPage(realtorProfilesCollection(deps.readStore), filter, { submittedAt: order === 'oldest' ? 1 : -1 }, query);
    const users = await usersByIds(deps.readStore, page.docs.map((doc) => doc._id), { name: 1, email: 1, credits: 1, createdAt: 1, profileImageUrl: 1 });
    const userOf = new Map(users.map((user) => [user._id, user]));
    const items = page.docs.flatMap((profile) => {
      const user = userOf.get(profile._id);
      return user ? [toAdminRealtor(user, profile)] : [];
    });
    return c.json({ items, nextCursor: page.nextCursor, total: page.total });
  };

  const list = async (c: Context<AppEnv>) => {
    const query = validate(realtorsListQuery, c.req.query());
    const status = query.verificationStatus;
    if (status !== undefined && status !== 'not_submitted') return listInReview(c, query, status);
    // Realtors are a small share of the users: who has a profile, or is in review, is read whole rather than kept on every user.
    const withProfile = query.hasProfile === undefined ? null : await idsOfRealtorsWithProfile(deps.readStore);
    const inReview = status === 'not_submitted' ? await idsOfRealtorsInReview(deps.readStore, ['pending', 'approved', 'rejected']) : null;
    const filter = allOf(
      { role: 'realtor' },
      userSearchFilter(query.search ?? ''),
      withProfile === null ? {} : { _id: query.hasProfile ? { $in: withProfile } : { $nin: withProfile } },
      inReview === null ? {} : { _id: { $nin: inReview } },
    );
    const page = await listPage(usersCollection(deps.readStore), filter, REALTOR_SORTS[query.sort ?? 'newest'], query);
    const found = await realtorProfilesByIds(deps.readStore, page.docs.map((user) => user._id));
    const profileOf = new Map(found.map((profile) => [profile._id, profile]));
    return c.json({ items: page.docs.map((user) => toAdminRealtor(user, profileOf.get(user._id))), nextCursor: page.nextCursor, total: page.total });
  };

  const requireRealtor = async (userId: string) => {
    const user = await findUser(deps.readStore, userId);
    if (!user || user.role !== 'realtor') throw new NotFoundError(REALTOR_NOT_FOUND);
    return user;
  };

  /** Runs a review command on the realtor's profile stream; answers the row, and whether this request changed anything. */
  const review = async (c: Context<AppEnv>, user: UserDoc, command: RealtorProfileCommand) => {
    const { events } = await runCommand(deps, c, realtorProfileStreamId(user._id), realtorProfile, command);
    const row = toAdminRealtor(user, (await findRealtorProfile(deps.readStore, user._id)) ?? undefined);
    return { row, decided: events.length > 0 };
  };

  return new Hono<AppEnv>()
    .get('/realtors', requireAdmin(), list)
    .get('/realtor-profiles', requireAdmin(), list)
    .post('/realtor-profiles/:userId/approve', requireAdmin(), async (c) => {
      const user = await requireRealtor(c.req.param('userId'));
      const { row, decided } = await review(c, user, { type: 'ApproveRealtorVerification', userId: user._id, adminId: adminActor(c).id, at: deps.clock().toISOString() });
      // The mail follows the event in the log (docs/decisions/0063): owed only when this request approved, so a double click mails once.
      return c.json({ ...row, emailSent: decided });
    })
    .post('/realtor-profiles/:userId/reject', requireAdmin(), async (c) => {
      // The body is read after the lookups that need none (docs/decisions/0021).
      const user = await requireRealtor(c.req.param('userId'));
      const { subject, message } = await readJson(c, rejectRealtorSchema);
      const { row, decided } = await review(c, user, { type: 'RejectRealtorVerification', userId: user._id, adminId: adminActor(c).id, subject, message, at: deps.clock().toISOString() });
      return c.json({ ...row, emailSent: decided });
    })
    .post('/realtor-profiles/:userId/revoke', requireAdmin(), async (c) => {
      const user = await requireRealtor(c.req.param('userId'));
      const { reason } = await readJson(c, revokeRealtorSchema);
      const { row, decided } = await review(c, user, { type: 'RevokeRealtorVerification', userId: user._id, adminId: adminActor(c).id, reason, at: deps.clock().toISOString() });
      return c.json({ ...row, emailSent: decided });
    })
    .get('/realtor-document/:encodedKey{.+}', requireAdmin(), async (c) => {
      const { key } = parseBlobKey(c.req.param('encodedKey'));
      // Only a document a realtor's profile carries: this is no general file reader.
      const profile = await findRealtorProfileByDocument(deps.readStore, key);
      if (!profile) throw new NotFoundError('Document not found');
      const url = await deps.blobs.url(key, DOCUMENT_URL_TTL_SECONDS);
      // A licence is personal: who opened whose, and when, goes to the activity log.
      const adminId = adminActor(c).id;
      await recordAudit(deps, c, { kind: 'admin', id: adminId }, { type: 'RealtorDocumentOpened', data: { adminId, userId: profile._id, at: deps.clock().toISOString() } });
      return c.json({ url });
    });
}

import { Hono } from 'hono';
import { achievementProgress } from '../../../domain/accounts/achievements';
import { mayShareRealtorContact } from '../../../domain/bidding/contact';
import { realtorProfile, realtorProfileStreamId } from '../../../domain/realtor-profiles/profile';
import type { RealtorDashboardJson } from '../../../contract/realtor-profiles/realtor-insights';
import type { OwnVerificationView, RealtorProfileView } from '../../../contract/realtor-profiles/realtor-profiles';
import { EMPTY_REALTOR_PROFILE, missingForVerification, realtorProfileSchema } from '../../../contract/realtor-profiles/realtor-profiles';
import { NotFoundError } from '../../../domain/shared/errors';
import { computeRealtorInsights } from '../../../projections/realtor-profiles/realtor-insights';
import type { RealtorProfileDoc } from '../../../projections/realtor-profiles/realtor-profiles';
import type { UserDoc } from '../../../projections/accounts/users';
import { propertiesSelectingRealtor } from '../../../projections/bidding/bids-queries';
import { findRealtorProfile } from '../../../projections/realtor-profiles/realtor-profiles-queries';
import { loadRealtorStandings } from '../../../projections/bidding/realtor-standing';
import { findUser } from '../../../projections/accounts/users-queries';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { UnauthorizedError } from '../../errors';
import { requireUser } from '../../guards';
import { readJson } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { requireId } from '../bidding/bid-shared';
import { requireOwnUploads } from '../listings/listing-shared';


/**
 * `contact` is the contact rule's answer (src/domain/bidding/contact.ts). Without it the realtor's identity stays
 * on the server too: name, brokerage and licence come empty, as the bid list leaves the name out (issue 16, item 6).
 * The rest is what a homeowner weighs before choosing.
 */
function toProfileView(user: UserDoc, profile: RealtorProfileDoc | null, contact: boolean, standing: Pick<RealtorProfileView, 'wins' | 'reviewSummary'>): RealtorProfileView {
  const fields = profile ?? { ...EMPTY_REALTOR_PROFILE, profileImageUrl: null };
  const verificationStatus = profile?.verificationStatus ?? 'not_submitted';
  const { yearsOfExperience, serviceAreas, specialties, additionalServices, commissionRate, about } = fields;
  return {
    userId: user._id,
    name: contact ? user.name : '',
    profileImageUrl: fields.profileImageUrl ?? user.profileImageUrl,
    brokerageName: contact ? fields.brokerageName : '',
    licenseNumber: contact ? fields.licenseNumber : '',
    yearsOfExperience,
    serviceAreas,
    specialties,
    additionalServices,
    commissionRate,
    about,
    updatedAt: profile?.updatedAt ?? null,
    wins: standing.wins,
    reviewSummary: standing.reviewSummary,
    verificationStatus,
    isVerified: verificationStatus === 'approved',
    ...(contact ? { email: user.email, phone: user.phone } : {}),
  };
}

/** The realtor's own licence verification, for the profile screen's card. */
function ownVerification(profile: RealtorProfileDoc | null): OwnVerificationView {
  const fields = profile ?? { ...EMPTY_REALTOR_PROFILE, verificationDocumentUrl: null };
  const rejection = profile?.rejectionSubject && profile.rejectionMessage ? { subject: profile.rejectionSubject, message: profile.rejectionMessage } : null;
  return {
    documentUrl: fields.verificationDocumentUrl ?? null,
    submittedAt: profile?.submittedAt ?? null,
    missing: missingForVerification(fields),
    rejection: (profile?.verificationStatus ?? 'not_submitted') === 'approved' ? null : rejection,
  };
}

/** The realtor profile routes and the realtor dashboard, under /api. */
export function createRealtorProfileRoutes(deps: AppDeps) {

  /** The profile as `contact` lets the viewer see it, and the saved profile it was made from. */
  const view = async (user: UserDoc, contact: boolean) => {
    const [profile, standing] = await Promise.all([findRealtorProfile(deps.readStore, user._id), loadRealtorStandings(deps.readStore, [user._id])]);
    const { wins = 0, reviewSummary = { count: 0, average: null } } = standing.get(user._id) ?? {};
    return { answer: toProfileView(user, profile, contact, { wins, reviewSummary }), profile };
  };

  const ownView = async (userId: string) => {
    const user = await findUser(deps.readStore, userId);
    if (!user) throw new UnauthorizedError();
    const { answer, profile } = await view(user, true);
    return { ...answer, verification: ownVerification(profile) };
  };

  /** SPEC §1 and ARCHITECTURE 9: a homeowner sees a realtor's contact only through a closed listing of theirs that selected them. */
  const mayShareContact = async (viewerId: string, realtorId: string) => {
    if (viewerId === realtorId) return true;
    const selectedBy = await propertiesSelectingRealtor(deps.readStore, viewerId, realtorId);
    const now = deps.clock();
    return selectedBy.some((property) => mayShareRealtorContact(viewerId, realtorId, property, now));
  };

  return new Hono<AppEnv>()
    .get('/realtor-profile', requireUser('realtor'), async (c) => c.json(await ownView(currentUserId(c))))

    .post('/realtor-profile', requireUser('realtor'), async (c) => {
      const userId = currentUserId(c);
      const profile = await readJson(c, realtorProfileSchema);
      // Only a picture this realtor uploaded as an avatar: a key seen on someone's listing or bid is not theirs to show.
      if (profile.profileImageUrl !== undefined) await requireOwnUploads(deps, userId, [profile.profileImageUrl], 'avatar');
      // The licence document too: one this realtor uploaded through POST /api/upload-document.
      if (profile.verificationDocumentUrl !== undefined) await requireOwnUploads(deps, userId, [profile.verificationDocumentUrl], 'bill');
      const role = c.get('session').user?.role ?? '';
      await runCommand(deps, c, realtorProfileStreamId(userId), realtorProfile, { type: 'SaveRealtorProfile', userId, role, profile, at: deps.clock().toISOString() });
      return c.json(await ownView(userId));
    })

    .get('/realtor-profile/:realtorId', requireUser(), async (c) => {
      const realtorId = requireId(c.req.param('realtorId'), 'Realtor not found');
      const user = await findUser(deps.readStore, realtorId);
      if (!user || user.role !== 'realtor') throw new NotFoundError('Realtor not found');
      const contact = await mayShareContact(currentUserId(c), realtorId);
      return c.json((await view(user, contact)).answer);
    })

    .get('/dashboard', requireUser('realtor'), async (c) => {
      const user = await findUser(deps.readStore, currentUserId(c));
      if (!user) throw new UnauthorizedError();
      // Total bids counts refunded ones too; achievements count standing bids, as the account decider does
      // (docs/decisions/0023). One bid per property, so every bid is on a different property.
      const standing = user.bidsStanding ?? 0;
      return c.json<RealtorDashboardJson>({ credits: user.credits, totalBids: user.bidsPlaced ?? 0, achievements: achievementProgress({ bids: standing, properties: standing }) });
    })

    // docs/decisions/0039: computed at the request's clock, which decides which listings have closed.
    .get('/dashboard/insights', requireUser('realtor'), async (c) => c.json(await computeRealtorInsights(deps.readStore, currentUserId(c), deps.clock())));
}

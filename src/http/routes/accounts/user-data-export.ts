import type { ActivityDoc } from '../../../projections/admin/activity-log';
import { activityAboutUser } from '../../../projections/admin/activity-log-queries';
import { everyBidOfRealtor } from '../../../projections/bidding/bids-queries';
import { reviewsByAuthor } from '../../../projections/reviews/reviews-queries';
import { everyContactShareOf } from '../../../projections/bidding/contact-shares-queries';
import { everyCreditLedgerEntryOf } from '../../../projections/payments/credit-statement-queries';
import { findNotificationPreferences } from '../../../projections/notifications/notification-preferences-queries';
import { toNotificationItem } from '../../../projections/notifications/inbox';
import { everyInboxEntryOf } from '../../../projections/notifications/inbox-queries';
import type { PaymentDoc } from '../../../projections/payments/payments';
import { paymentsOfUser } from '../../../projections/payments/payments-queries';
import type { PropertyDoc } from '../../../projections/listings/properties';
import { propertiesOfOwner } from '../../../projections/listings/properties-queries';
import { findRealtorProfile } from '../../../projections/realtor-profiles/realtor-profiles-queries';
import { agreementsOfUser } from '../../../projections/legal/user-agreements-queries';
import { findUser } from '../../../projections/accounts/users-queries';
import { verificationsOfUser } from '../../../projections/verification/verifications-queries';
import type { Doc } from '../../../read-store/port';
import type { AppDeps } from '../../deps';

/** How long the links to the person's own bills and images in an export stay valid. */
export const EXPORT_LINK_TTL_SECONDS = 24 * 60 * 60;
/** The newest activity entries about the person an export carries; older ones are in the log all the same. */
export const EXPORT_ACTIVITY_LIMIT = 1000;

/** Drops the read models' bookkeeping (`_position`, `_id` as `id`), so the export reads as data, not storage. */
function plain<T extends Doc>(doc: T): Record<string, unknown> {
  const { _id, _position: _p, ...rest } = doc as T & { _position?: number };
  return { id: _id, ...rest };
}

/**
 * Everything the read models hold about one user (GET /api/user/export,
 * docs/decisions/0042): never another person's contact details, never a
 * password hash, a token or a payment provider's ids.
 */
export async function gatherUserExport(deps: Pick<AppDeps, 'readStore' | 'blobs' | 'clock'>, userId: string) {
  const store = deps.readStore;
  const user = await findUser(store, userId);
  if (!user) return null;
  const [profile, listings, bids, statement, payments, verifications, agreements, shares, activity, notifications, reviews, inbox] = await Promise.all([
    findRealtorProfile(store, userId),
    propertiesOfOwner(store, userId),
    everyBidOfRealtor(store, userId),
    everyCreditLedgerEntryOf(store, userId),
    paymentsOfUser(store, userId),
    verificationsOfUser(store, userId),
    agreementsOfUser(store, userId),
    everyContactShareOf(store, userId),
    activityAboutUser(store, userId, EXPORT_ACTIVITY_LIMIT),
    findNotificationPreferences(store, userId),
    reviewsByAuthor(store, userId),
    everyInboxEntryOf(store, userId),
  ]);
  const link = (key: string) => deps.blobs.url(key, EXPORT_LINK_TTL_SECONDS);
  return {
    exportedAt: deps.clock().toISOString(),
    account: {
      id: user._id,
      username: user.username,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      isVerified: user.isVerified,
      credits: user.credits,
      lastLogin: user.lastLogin,
      profileImageUrl: user.profileImageUrl,
    },
    realtorProfile: profile ? plain(profile) : null,
    notificationPreferences: notifications ? plain(notifications) : null,
    listings: await Promise.all(
      listings.map(async ({ searchText: _s, listedPosition: _l, ...listing }) => ({
        ...plain(listing as PropertyDoc),
        imageLinks: await Promise.all(listing.images.map(link)),
      })),
    ),
    bids: bids.map(plain),
    creditStatement: statement.map(plain),
    payments: payments.map(({ stripePaymentIntentId: _i, stripeChargeId: _c, ...payment }) => plain(payment as PaymentDoc)),
    verificationDocuments: await Promise.all(
      verifications.map(async (doc) => ({ ...plain({ ...doc, adminNotes: undefined }), downloadLink: await link(doc.documentKey) })),
    ),
    agreementsAccepted: agreements.map(plain),
    // Who the person's details were shown to: the other party by id, as their contact details are theirs, not this person's.
    contactShares: shares.map(({ _id, _position: _p, ...share }) => ({ ...share, role: share.ownerId === userId ? 'owner' : 'realtor' })),
    activity: activity.map((entry) => activityAbout(entry, userId)),
    // The reviews they wrote (docs/decisions/0051); the realtor by id, and the administrator's note on a hidden one left out.
    // What their inbox told them (docs/decisions/0060).
    inbox: inbox.map(toNotificationItem),
    reviewsWritten: reviews.map(({ propertyId, realtorId, rating, text, createdAt, reply, hidden }) => ({ propertyId, realtorId, rating, text, createdAt, reply, hidden })),
  };
}

/**
 * An activity entry as the person may have it: whole when it is about them;
 * when they acted on something else, what they did, when and from where, but
 * not the target's name, email or changes, which may be another person's.
 */
function activityAbout(entry: ActivityDoc, userId: string): Record<string, unknown> {
  if (entry.resourceId === userId) return plain(entry);
  const { _id, action, resourceType, resourceId, ipAddress, userAgent, createdAt } = entry;
  return { id: _id, action, resourceType, resourceId, ipAddress, userAgent, createdAt };
}

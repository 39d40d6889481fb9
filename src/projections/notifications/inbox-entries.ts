import type { NotificationKind } from '../../contract/notifications/inbox';
import { serviceAreaOfLocation } from '../../contract/service-areas';
import { isAccountEvent } from '../../domain/accounts/events';
import type { AccountEvent } from '../../domain/accounts/events';
import { ledgerEntryOf } from '../../domain/accounts/ledger';
import type { BiddingClosed } from '../../domain/bidding/close';
import { isBiddingClosedEvent } from '../../domain/bidding/close';
import type { BidSeen } from '../../domain/bidding/seen';
import { isBidSeenEvent } from '../../domain/bidding/seen';
import type { BidSelected } from '../../domain/bidding/selection';
import { isSelectionEvent } from '../../domain/bidding/selection';
import type { PropertyListed } from '../../domain/listings/events';
import { isPropertyEvent } from '../../domain/listings/events';
import type { RealtorProfileEvent } from '../../domain/realtor-profiles/profile';
import { isRealtorProfileEvent } from '../../domain/realtor-profiles/profile';
import type { ReviewReplied, ReviewSubmitted } from '../../domain/reviews/review';
import type { VerificationEvent } from '../../domain/verification/events';
import { isVerificationEvent } from '../../domain/verification/events';
import type { RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import type { BidDoc, BidPropertyDoc } from '../bidding/bids';
import { BID_PROPERTIES, BIDS } from '../bidding/bids';
import { creditChangeReason } from '../payments/credit-change-reason';
import type { RealtorProfileDoc } from '../realtor-profiles/realtor-profiles';
import { REALTOR_PROFILES } from '../realtor-profiles/realtor-profiles';
import type { ReviewDoc } from '../reviews/reviews';
import { REVIEWS } from '../reviews/reviews';
import { userStream } from '../../domain/shared/stream-ids';
import { reviewStream } from '../../domain/reviews/review';

/** What one event tells one person: an inbox entry before it is stored. */
export type InboxEntry = { userId: string; kind: NotificationKind; title: string; body: string; href: string };

type Recorded<E> = RecordedEvent & E;
type EntryRule = (event: RecordedEvent, store: ReadStore) => Promise<InboxEntry[]>;

const listingHref = (propertyId: string) => `/listing/${encodeURIComponent(propertyId)}`;
const quoted = (title: string | undefined) => (title === undefined || title === '' ? 'your listing' : `“${title}”`);
const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

async function listingOf(store: ReadStore, propertyId: string): Promise<BidPropertyDoc | null> {
  return store.collection<BidPropertyDoc>(BID_PROPERTIES).findOne({ _id: propertyId }, { projection: { ownerId: 1, title: 1 } });
}

/**
 * The one table from event to inbox entries (docs/decisions/0060): each event
 * type that tells someone something, whom it tells, and the words. Rules read
 * only read models registered before the inbox, which have applied the same
 * event, so a rebuild writes the same entries. A kind added later is one more row.
 */
export const INBOX_ENTRY_RULES: Record<string, EntryRule> = {
  async BidPlaced(event, store) {
    if (!isAccountEvent(event) || event.type !== 'BidPlaced') return [];
    const { propertyId, amount } = event.data;
    const listing = await listingOf(store, propertyId);
    if (!listing?.ownerId) return [];
    return [{ userId: listing.ownerId, kind: 'bid-received', title: 'New bid received', body: `A realtor bid ${dollars(amount)} on ${quoted(listing.title)}.`, href: listingHref(propertyId) }];
  },

  async BidSeen(event, store) {
    if (!isBidSeenEvent(event)) return [];
    const { propertyId, realtorId } = (event as Recorded<BidSeen>).data;
    const listing = await listingOf(store, propertyId);
    return [{ userId: realtorId, kind: 'bid-seen', title: 'Your bid was seen', body: `The homeowner opened your bid on ${quoted(listing?.title)}.`, href: listingHref(propertyId) }];
  },

  async BidSelected(event, store) {
    if (!isSelectionEvent(event)) return [];
    const { propertyId, realtorId } = (event as Recorded<BidSelected>).data;
    const listing = await listingOf(store, propertyId);
    const href = listingHref(propertyId);
    const others = await store.collection<BidDoc>(BIDS).find({ propertyId, realtorId: { $ne: realtorId } }, { projection: { realtorId: 1 } });
    return [
      { userId: realtorId, kind: 'bid-selected', title: 'Your bid was selected', body: `The homeowner selected your bid on ${quoted(listing?.title)}. Their contact details are on the listing.`, href },
      ...[...new Set(others.map((bid) => bid.realtorId))].map(
        (userId): InboxEntry => ({ userId, kind: 'bid-not-selected', title: 'Not selected', body: `The homeowner chose another realtor for ${quoted(listing?.title)}.`, href }),
      ),
    ];
  },

  async BiddingClosed(event) {
    if (!isBiddingClosedEvent(event)) return [];
    const { propertyId, ownerId, title, bidCount } = (event as Recorded<BiddingClosed>).data;
    const body = bidCount === 0 ? 'No realtor bid before the close.' : `${bidCount === 1 ? '1 bid' : `${bidCount} bids`} to compare: choose a realtor.`;
    return [{ userId: ownerId, kind: 'bidding-closed', title: `Bidding closed on ${quoted(title)}`, body, href: listingHref(propertyId) }];
  },

  async PropertyListed(event, store) {
    if (!isPropertyEvent(event) || event.type !== 'PropertyListed') return [];
    const { propertyId, title, location, area } = (event as Recorded<PropertyListed>).data;
    const where = area ?? serviceAreaOfLocation(location);
    if (where === null) return [];
    const realtors = await store.collection<RealtorProfileDoc>(REALTOR_PROFILES).find({ serviceAreas: where }, { projection: { _id: 1 } });
    return realtors.map(({ _id: userId }) => ({ userId, kind: 'listing-in-area', title: `New listing in ${where}`, body: `${quoted(title)} in ${location} is open for bids.`, href: listingHref(propertyId) }));
  },

  VerificationApproved: homeownerVerification,
  VerificationRejected: homeownerVerification,
  RealtorVerificationApproved: realtorVerification,
  RealtorVerificationRejected: realtorVerification,
  RealtorVerificationRevoked: realtorVerification,

  CreditsPurchased: creditChange,
  BidRefunded: creditChange,
  RewardGranted: creditChange,
  RewardWithdrawn: creditChange,
  CreditsSetByAdmin: creditChange,

  async ReviewSubmitted(event, store) {
    if (!reviewStream.owns(event.streamId)) return [];
    const { realtorId, propertyId, rating } = (event as Recorded<ReviewSubmitted>).data;
    const listing = await listingOf(store, propertyId);
    return [{ userId: realtorId, kind: 'review-received', title: 'New review', body: `A homeowner rated you ${rating} of 5 for ${quoted(listing?.title)}.`, href: '/dashboard' }];
  },

  async ReviewReplied(event, store) {
    if (!reviewStream.owns(event.streamId)) return [];
    const { reviewId } = (event as Recorded<ReviewReplied>).data;
    const review = await store.collection<ReviewDoc>(REVIEWS).findOne({ _id: reviewId }, { projection: { authorId: 1, propertyId: 1 } });
    if (!review) return [];
    const listing = await listingOf(store, review.propertyId);
    return [{ userId: review.authorId, kind: 'review-answered', title: 'Your review was answered', body: `The realtor replied to your review of their work on ${quoted(listing?.title)}.`, href: listingHref(review.propertyId) }];
  },
};

async function homeownerVerification(event: RecordedEvent): Promise<InboxEntry[]> {
  if (!isVerificationEvent(event)) return [];
  const verification = event as Recorded<VerificationEvent>;
  const href = '/homeowner-profile';
  if (verification.type === 'VerificationApproved') {
    return [{ userId: verification.data.userId, kind: 'verification-approved', title: 'Ownership verified', body: 'Your ownership verification was approved: you can now list properties.', href }];
  }
  if (verification.type === 'VerificationRejected') {
    return [{ userId: verification.data.userId, kind: 'verification-rejected', title: 'Ownership verification rejected', body: verification.data.subject, href }];
  }
  return [];
}

async function realtorVerification(event: RecordedEvent): Promise<InboxEntry[]> {
  if (!isRealtorProfileEvent(event)) return [];
  const profile = event as Recorded<RealtorProfileEvent>;
  const href = '/realtor-profile';
  switch (profile.type) {
    case 'RealtorVerificationApproved':
      return [{ userId: profile.data.userId, kind: 'verification-approved', title: 'Licence verified', body: 'Your licence was approved: you can now bid on listings.', href }];
    case 'RealtorVerificationRejected':
      return [{ userId: profile.data.userId, kind: 'verification-rejected', title: 'Licence verification rejected', body: profile.data.subject, href }];
    case 'RealtorVerificationRevoked':
      return [{ userId: profile.data.userId, kind: 'verification-rejected', title: 'Licence verification revoked', body: profile.data.reason, href }];
    default:
      return [];
  }
}

const CREDIT_KINDS = {
  purchase: 'credits-purchased',
  refund: 'credits-refunded',
  reward: 'credits-rewarded',
  'reward-withdrawn': 'credits-reward-withdrawn',
  admin: 'credits-set-by-admin',
} as const satisfies Record<string, NotificationKind>;

const CREDIT_TITLES: Record<keyof typeof CREDIT_KINDS, string> = {
  purchase: 'Credits added',
  refund: 'Credit refunded',
  reward: 'Reward earned',
  'reward-withdrawn': 'Reward withdrawn',
  admin: 'Balance changed by an administrator',
};

async function creditChange(event: RecordedEvent, store: ReadStore): Promise<InboxEntry[]> {
  if (!isAccountEvent(event)) return [];
  const entry = ledgerEntryOf(event as Recorded<AccountEvent>);
  if (!entry || !(entry.kind in CREDIT_KINDS)) return [];
  const kind = entry.kind as keyof typeof CREDIT_KINDS;
  const userId = userStream.idIn(event.streamId);
  const listing = entry.propertyId === undefined ? null : await listingOf(store, entry.propertyId);
  const body = kind === 'purchase' ? `${credits(entry.delta)} added: your balance is ${credits(entry.balanceAfter)}.` : (creditChangeReason(entry, listing?.title ?? null)?.label ?? entry.reason);
  return [{ userId, kind: CREDIT_KINDS[kind], title: CREDIT_TITLES[kind], body, href: '/dashboard' }];
}

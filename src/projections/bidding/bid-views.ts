import type { BidView, OwnBidView } from '../../contract/bidding/bidding';
import { bidStateOf } from '../../domain/bidding/bid-status';
import { mayShareOwnerContact, mayShareRealtorContact } from '../../domain/bidding/contact';
import type { ReadStore } from '../../read-store/port';
import type { BidDoc, BidPropertyDoc } from './bid-docs';
import type { RealtorProfileDoc } from '../realtor-profiles/realtor-profiles';
import { REALTOR_PROFILES } from '../realtor-profiles/realtor-profiles';
import type { UserDoc } from '../accounts/users';
import { USERS } from '../accounts/users';

/*
 * Bids as each reader may see them. Every answer and push that shows a bid is
 * built here, and contact details are added only where src/domain/bidding/
 * contact.ts allows, so no route can leak them by forgetting a field.
 */

type Person = { user: UserDoc | undefined; profile: RealtorProfileDoc | undefined };

/** Names, images and contact details of the given users, by id. */
export async function loadPeople(store: ReadStore, userIds: readonly string[]): Promise<Map<string, Person>> {
  const users = store.collection<UserDoc>(USERS);
  const profiles = store.collection<RealtorProfileDoc>(REALTOR_PROFILES);
  // One findOne by _id per person: a lists' few bidders, and it takes the store's fastest path.
  const people = await Promise.all(
    [...new Set(userIds)].map(async (id) => {
      const [user, profile] = await Promise.all([users.findOne({ _id: id }), profiles.findOne({ _id: id })]);
      return [id, { user: user ?? undefined, profile: profile ?? undefined }] as const;
    }),
  );
  return new Map(people);
}

/** The image a bid shows: the realtor profile's, else the account's. */
export function profileImageOf(person: Person | undefined): string | null {
  return person?.profile?.profileImageUrl ?? person?.user?.profileImageUrl ?? null;
}

/** The bids of one property as `viewerId` sees them; the bidder's name and contact only where the rule allows. */
export async function viewPropertyBids(store: ReadStore, bids: readonly BidDoc[], property: BidPropertyDoc, viewerId: string, now: Date): Promise<BidView[]> {
  const people = await loadPeople(store, bids.map((bid) => bid.realtorId));
  return bids.map((bid) => {
    const person = people.get(bid.realtorId);
    const view = baseView(bid, property, person, now);
    if (person?.user && mayShareRealtorContact(viewerId, bid.realtorId, property, now)) {
      return { ...view, realtorEmail: person.user.email, realtorPhone: person.user.phone };
    }
    // The name goes with the contact (issue 16, item 6); the bidder sees their own.
    return viewerId === bid.realtorId ? view : { ...view, realtorName: '' };
  });
}

/** A realtor's own bids, each with its property, and the owner's contact where the rule allows. */
export async function viewOwnBids(store: ReadStore, bids: readonly BidDoc[], properties: ReadonlyMap<string, BidPropertyDoc>, realtorId: string, now: Date): Promise<OwnBidView[]> {
  const owners = [...properties.values()].filter((p) => mayShareOwnerContact(realtorId, p, now)).map((p) => p.ownerId ?? '');
  const people = await loadPeople(store, [realtorId, ...owners]);
  const self = people.get(realtorId);
  return bids.flatMap((bid) => {
    const property = properties.get(bid.propertyId);
    if (!property) return [];
    // A bid on a deleted listing stays listed, refunded, under the title the listing had.
    // The base view is this call's own object: the fields are added to it, not spread into a copy.
    const view = baseView(bid, property, self, now) as OwnBidView;
    view.propertyTitle = property.title;
    view.biddingEndsAt = property.biddingEndsAt;
    view.propertyActive = property.isActive;
    view.propertyDeleted = property.deleted;
    view.creditReturned = bid.creditReturned ?? null;
    const owner = property.ownerId === null ? undefined : people.get(property.ownerId)?.user;
    if (owner && !property.deleted && mayShareOwnerContact(realtorId, property, now)) {
      view.ownerName = owner.name;
      view.ownerEmail = owner.email;
      view.ownerPhone = owner.phone;
    }
    return [view];
  });
}

function baseView(bid: BidDoc, property: BidPropertyDoc, person: Person | undefined, now: Date): BidView {
  const { status, statusLabel } = bidStateOf({ bidId: bid._id, refunded: Boolean(bid.refundedAt) }, property, now);
  return {
    id: bid._id,
    propertyId: bid.propertyId,
    realtorId: bid.realtorId,
    amount: bid.amount,
    message: bid.message,
    createdAt: bid.createdAt,
    updatedAt: bid.updatedAt,
    status,
    statusLabel,
    selected: property.selectedBidId === bid._id,
    realtorName: person?.user?.name ?? '',
    realtorProfileImage: profileImageOf(person),
    seenAt: bid.seenAt ?? null,
  };
}

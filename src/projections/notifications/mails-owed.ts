import { createHash } from 'node:crypto';
import { areaOfListing } from '../../contract/service-areas';
import type { PropertyListed } from '../../domain/listings/events';
import type { ListingAlertsMailed } from '../../domain/notifications/listing-alerts';
import type { MailSent } from '../../domain/notifications/mails';
import type { RecordedEvent } from '../../event-store/port';
import type { Collection, ReadStore } from '../../read-store/port';
import { bidPropertiesByIds, bidsCollection, findBidProperty, otherBiddersOn } from '../bidding/bids-queries';
import { loadNotificationPreferencesOf } from './notification-preferences';
import type { OwedDoc } from '../owed';
import type { Projection } from '../projection';
import { updateOnce, upsertOnce } from '../projection';
import type { RealtorProfileDoc } from '../realtor-profiles/realtor-profiles';
import { REALTOR_PROFILES } from '../realtor-profiles/realtor-profiles';
import type { ReviewDoc } from '../reviews/reviews';
import { REVIEWS } from '../reviews/reviews';
import type { PropertyDoc } from '../listings/properties';
import { PROPERTIES } from '../listings/properties';
import type { StreamScheme } from '../../domain/shared/stream-ids';
import { propertyStream, userStream } from '../../domain/shared/stream-ids';
import { mailStream } from '../../domain/notifications/mails';
import { listingAlertsStream } from '../../domain/notifications/listing-alerts';
import { selectionStream } from '../../domain/bidding/selection';
import { verificationStream } from '../../domain/verification/events';
import { realtorProfileStream } from '../../domain/realtor-profiles/profile';
import { digestStream } from '../../domain/notifications/bid-digest';
import { reviewStream } from '../../domain/reviews/review';
import { prospectsStream } from '../../domain/prospects/decide';

export const MAILS_OWED = 'mails_owed';

/** Whom a mail goes to: a user by id (read at send time, so an erased one gets nothing), or the support address. */
export type MailRecipient = { userId: string } | { support: true };

/** What each kind of mail needs besides its recipient; read when it is sent (src/processes/notifications/mails.ts). */
export type MailFacts = {
  'bid-selected': { propertyId: string; propertyTitle: string; ownerId: string };
  'selection-confirmed': { propertyId: string; propertyTitle: string; realtorId: string };
  'bid-not-selected': { propertyId: string; propertyTitle: string };
  'verification-rejected': { subject: string; message: string };
  'realtor-approved': Record<string, never>;
  'realtor-rejected': { subject: string; message: string };
  'realtor-revoked': { reason: string };
  prospect: { prospectId: string };
  'bid-digest': { listings: Array<{ propertyId: string; title: string; bids: number }> };
  'bid-refunded': { propertyId: string; propertyTitle: string; reason: string };
  'listing-alert': { propertyId: string; title: string; location: string; area: string };
  'listing-digest': { listings: Array<{ propertyId: string; title: string; location: string; area: string }> };
  'review-received': { propertyId: string; propertyTitle: string; rating: number };
  'review-replied': { propertyId: string; propertyTitle: string; realtorId: string };
};

export type MailKind = keyof MailFacts;

/** One mail an event owes, until a MailSent names it; `_id` is the mailId. */
export type MailOwedDoc = OwedDoc & { [K in MailKind]: { kind: K; facts: MailFacts[K] } }[MailKind] & { to: MailRecipient };

type Owed = { [K in MailKind]: { key: string; kind: K; to: MailRecipient; facts: MailFacts[K] } }[MailKind];

/** Which mails an event owes, at its point of the log (the read models before this one are there). */
type MailRule = (event: RecordedEvent, store: ReadStore) => Promise<Owed[]>;

const str = (data: unknown, field: string): string => String((data as Record<string, unknown>)[field] ?? '');

/**
 * The table: event type → the mails it owes. Each mail's key names its
 * recipient within the event, so the mailId derived from the event id and the
 * key is the same on every node and every replay.
 */
export const MAIL_RULES: Record<string, { stream: StreamScheme; owes: MailRule }> = {
  // The chosen realtor and the owner get each other's contact; the other bidders hear they were not chosen.
  // A realtor who turned outcome mails off gets neither (docs/decisions/0043); the owner's confirmation always goes.
  BidSelected: {
    stream: selectionStream,
    async owes(event, store) {
      const { propertyId, realtorId, ownerId } = event.data as { propertyId: string; realtorId: string; ownerId: string };
      const propertyTitle = (await findBidProperty(store, propertyId))?.title || 'your listing';
      const others = [...new Set((await otherBiddersOn(store, propertyId, realtorId)).map((bid) => bid.realtorId))];
      const preferences = await loadNotificationPreferencesOf(store, [realtorId, ...others]);
      const wants = (id: string) => preferences.get(id)?.outcomeEmails !== false;
      const owed: Owed[] = [{ key: 'owner', kind: 'selection-confirmed', to: { userId: ownerId }, facts: { propertyId, propertyTitle, realtorId } }];
      if (wants(realtorId)) owed.push({ key: 'realtor', kind: 'bid-selected', to: { userId: realtorId }, facts: { propertyId, propertyTitle, ownerId } });
      for (const other of others) if (wants(other)) owed.push({ key: `bidder:${other}`, kind: 'bid-not-selected', to: { userId: other }, facts: { propertyId, propertyTitle } });
      return owed;
    },
  },
  VerificationRejected: {
    stream: verificationStream,
    owes: async (event) => [{ key: 'homeowner', kind: 'verification-rejected', to: { userId: str(event.data, 'userId') }, facts: { subject: str(event.data, 'subject'), message: str(event.data, 'message') } }],
  },
  RealtorVerificationApproved: {
    stream: realtorProfileStream,
    owes: async (event) => [{ key: 'realtor', kind: 'realtor-approved', to: { userId: str(event.data, 'userId') }, facts: {} }],
  },
  RealtorVerificationRejected: {
    stream: realtorProfileStream,
    owes: async (event) => [{ key: 'realtor', kind: 'realtor-rejected', to: { userId: str(event.data, 'userId') }, facts: { subject: str(event.data, 'subject'), message: str(event.data, 'message') } }],
  },
  RealtorVerificationRevoked: {
    stream: realtorProfileStream,
    owes: async (event) => [{ key: 'realtor', kind: 'realtor-revoked', to: { userId: str(event.data, 'userId') }, facts: { reason: str(event.data, 'reason') } }],
  },
  // The owner's daily digest (docs/decisions/0043): the bids it names, counted by listing, in the order they came.
  BidDigestSent: {
    stream: digestStream,
    async owes(event, store) {
      const { ownerId, bidIds } = event.data as { ownerId: string; bidIds: string[] };
      const bids = await bidsCollection(store).find({ _id: { $in: bidIds } }, { sort: { createdAt: 1, _id: 1 }, projection: { propertyId: 1 } });
      const counts = new Map<string, number>();
      for (const bid of bids) counts.set(bid.propertyId, (counts.get(bid.propertyId) ?? 0) + 1);
      const titles = new Map((await bidPropertiesByIds(store, [...counts.keys()], { title: 1 })).map((property) => [property._id, property.title]));
      const listings = [...counts].map(([propertyId, count]) => ({ propertyId, title: titles.get(propertyId) || 'a listing', bids: count }));
      return listings.length === 0 ? [] : [{ key: 'owner', kind: 'bid-digest', to: { userId: ownerId }, facts: { listings } }];
    },
  },
  // The realtor whose bid's credit came back (docs/decisions/0029, 0059), with why; the refund process writes it.
  BidRefunded: {
    stream: userStream,
    async owes(event, store) {
      const { propertyId, reason } = event.data as { propertyId: string; reason: string };
      const propertyTitle = (await findBidProperty(store, propertyId))?.title ?? '';
      return [{ key: 'realtor', kind: 'bid-refunded', to: { userId: userStream.idIn(event.streamId) }, facts: { propertyId, propertyTitle, reason } }];
    },
  },
  // Each realtor serving the new listing's area who chose instant listing mails (the default) hears of it (docs/decisions/0060).
  PropertyListed: {
    stream: propertyStream,
    async owes(event, store) {
      const { propertyId, title, location, area } = (event as RecordedEvent & PropertyListed).data;
      const where = areaOfListing({ area, location });
      if (where === null) return [];
      const realtors = await store.collection<RealtorProfileDoc>(REALTOR_PROFILES).find({ serviceAreas: where }, { projection: { _id: 1 } });
      const choices = await loadNotificationPreferencesOf(store, realtors.map((realtor) => realtor._id));
      const instant = realtors.filter((realtor) => (choices.get(realtor._id)?.listingEmails ?? 'instant') === 'instant');
      return instant.map(({ _id: realtorId }) => ({ key: `realtor:${realtorId}`, kind: 'listing-alert' as const, to: { userId: realtorId }, facts: { propertyId, title, location, area: where } }));
    },
  },
  // The reviewed realtor hears of a new review (docs/decisions/0051): the rating and the listing, not the sealed words.
  // No notification choice covers reviews: always sent.
  ReviewSubmitted: {
    stream: reviewStream,
    async owes(event, store) {
      const { propertyId, realtorId, rating } = event.data as { propertyId: string; realtorId: string; rating: number };
      const propertyTitle = (await findBidProperty(store, propertyId))?.title || 'your listing';
      return [{ key: 'realtor', kind: 'review-received', to: { userId: realtorId }, facts: { propertyId, propertyTitle, rating } }];
    },
  },
  // The review's author hears the realtor replied; the author is the reviews read model's (registered before this one).
  ReviewReplied: {
    stream: reviewStream,
    async owes(event, store) {
      const { reviewId, realtorId } = event.data as { reviewId: string; realtorId: string };
      const found = await store.collection<ReviewDoc>(REVIEWS).findOne({ _id: reviewId }, { projection: { authorId: 1, propertyId: 1 } });
      if (!found) return [];
      const propertyTitle = (await findBidProperty(store, found.propertyId))?.title || 'your listing';
      return [{ key: 'author', kind: 'review-replied', to: { userId: found.authorId }, facts: { propertyId: found.propertyId, propertyTitle, realtorId } }];
    },
  },
  // A realtor's daily digest of listings gone live in their areas (docs/decisions/0060): the timer of
  // src/processes/notifications/listing-alerts.ts records it, the log owes its mail. Instant records (digestDay null) are the old path's.
  ListingAlertsMailed: {
    stream: listingAlertsStream,
    async owes(event, store) {
      const { realtorId, propertyIds, digestDay } = (event as RecordedEvent & ListingAlertsMailed).data;
      if (digestDay === null) return [];
      const found = new Map((await store.collection<PropertyDoc>(PROPERTIES).find({ _id: { $in: propertyIds } }, { projection: { title: 1, location: 1, area: 1 } })).map((l) => [l._id, l]));
      // In the record's order (the order they went live); a listing gone from the read model is left out.
      const listings = propertyIds.flatMap((id) => {
        const l = found.get(id);
        return l ? [{ propertyId: id, title: l.title, location: l.location, area: l.area ?? '' }] : [];
      });
      return listings.length === 0 ? [] : [{ key: 'realtor', kind: 'listing-digest', to: { userId: realtorId }, facts: { listings } }];
    },
  },
  // Support hears of each contact form; the form's fields are read from the prospects read model when sent.
  ProspectSubmitted: {
    stream: prospectsStream,
    owes: async (event) => [{ key: 'support', kind: 'prospect', to: { support: true }, facts: { prospectId: str(event.data, 'prospectId') } }],
  },
};

/**
 * Only events appended by a request that leaves its mails to the log owe
 * mails here (src/http/commands.ts writes `mails: 'log'` in their metadata):
 * those from before this process existed were mailed by their request, and a
 * replay must not mail them again.
 */
export const MAILS_FROM_LOG = 'log';

export function owesMails(event: RecordedEvent): boolean {
  const rule = MAIL_RULES[event.type];
  return rule !== undefined && rule.stream.owns(event.streamId) && event.metadata.mails === MAILS_FROM_LOG;
}

/** A mail's id: a UUID derived from the event that owed it and the recipient's key in it. */
export function mailIdOf(eventId: string, key: string): string {
  const hex = createHash('sha256').update(`bidhome:mail:${eventId}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The mails owed (docs/decisions/0063), for the mail process
 * (src/processes/notifications/mails.ts). Registered after the read models its rules read
 * (bids, notification preferences): an event of MAIL_RULES owes its mails as
 * the log stood at that point; a MailSent marks one done, by upsert, so the
 * mark exists before a lagging node could record the debt.
 */
export function createMailsOwedProjection(): Projection {
  return {
    name: MAILS_OWED,
    collections: [MAILS_OWED],
    handles: ['MailSent', 'ListingAlertsMailed', ...Object.keys(MAIL_RULES)],
    async setup(store) {
      await store.collection<MailOwedDoc>(MAILS_OWED).createIndex({ doneAt: 1, since: 1 });
      await store.collection<MailOwedDoc>(MAILS_OWED).createIndex({ causationId: 1 });
      await store.collection<MailOwedDoc>(MAILS_OWED).createIndex({ kind: 1, 'facts.propertyId': 1 });
    },
    async apply(event, store) {
      const owed = store.collection<MailOwedDoc>(MAILS_OWED);
      if (event.type === 'MailSent' && mailStream.owns(event.streamId)) {
        const { mailId, at } = (event as RecordedEvent & MailSent).data;
        await upsertOnce(owed, mailId, event.position, { $set: { doneAt: at } });
        return;
      }
      if (event.type === 'ListingAlertsMailed' && listingAlertsStream.owns(event.streamId)) await markAlertsMailed(owed, event as RecordedEvent & ListingAlertsMailed);
      if (!owesMails(event)) return;
      for (const mail of await MAIL_RULES[event.type]!.owes(event, store)) {
        await upsertOnce(owed, mailIdOf(event.id, mail.key), event.position, {
          $set: { kind: mail.kind, to: mail.to, facts: mail.facts, since: event.recordedAt, causationId: event.id },
          $setOnInsert: { doneAt: null },
        });
      }
    },
  };
}

/**
 * Before this table owed them, instant listing alerts were claimed and sent
 * by the listing-alerts process with a ListingAlertsMailed (docs/decisions/0060):
 * the alerts it names were mailed then, and are not owed again on a replay.
 * Always after the PropertyListed that owed them, so an update is enough.
 */
async function markAlertsMailed(owed: Collection<MailOwedDoc>, event: RecordedEvent & ListingAlertsMailed): Promise<void> {
  const { realtorId, propertyIds, digestDay, at } = event.data;
  if (digestDay !== null) return;
  const mailed = await owed.find({ kind: 'listing-alert', 'facts.propertyId': { $in: propertyIds }, 'to.userId': realtorId, doneAt: null }, { projection: { _id: 1 } });
  for (const mail of mailed) await updateOnce(owed, mail._id, event.position, { $set: { doneAt: at } });
}

import type { LogPosition, RecordedEvent } from '../event-store/port';
import { ERASED_NAME, ERASED_TEXT, erasedEmail } from '../personal-data/personal-fields';
import type { Collection, Doc, Filter, ReadStore } from '../read-store/port';
import type { ActivityDoc } from './admin/activity-log';
import { ACTIVITY_ACTORS, ADMIN_LOGS } from './admin/activity-log';
import type { NameDoc } from './admin/activity-rows';
import type { BidPropertyDoc } from './bidding/bids';
import { BID_PROPERTIES, BIDS } from './bidding/bids';
import { BID_REVISIONS } from './bidding/bid-revisions';
import { INBOX } from './notifications/inbox';
import { NOTIFICATION_PREFERENCES } from './notifications/notification-preferences';
import { PAYMENTS } from './payments/payments';
import { deleteOnce, insertOnce, POSITION_FIELD } from './projection';
import type { Projection } from './projection';
import { REALTOR_PROFILES } from './realtor-profiles/realtor-profiles';
import { REVIEWS } from './reviews/reviews';
import { USER_AGREEMENTS } from './legal/user-agreements';
import { VERIFICATIONS } from './verification/verifications';
import { userStream } from '../domain/shared/stream-ids';

export const ERASURES = 'erasures';

/** One erased person: when. Their id is all it keeps. */
export type ErasureDoc = { _id: string; at: string; _position?: number };

/** The fields of an activity entry's details or changes that name or reach a person. */
const PERSONAL_ACTIVITY_FIELDS = new Set(['name', 'email', 'phone', 'username', 'address']);

/**
 * On AccountErased, every read model forgets the person (docs/decisions/0042):
 * what a replay of their shredded events would write anyway, done here too
 * for values written before encryption existed and for derived copies (the
 * activity log's names and addresses, bid messages). The `users` read model
 * scrubs its own document. Registered after every read model it scrubs, so
 * that on each delivery of the event they have applied it first.
 */
export function createErasureProjection(): Projection {
  return {
    name: ERASURES,
    collections: [ERASURES],
    handles: ['AccountErased'],
    async apply(event, store) {
      if (event.type !== 'AccountErased' || !userStream.owns(event.streamId)) return;
      const userId = userStream.idIn(event.streamId);
      await forget(store, userId, event.position);
      await insertOnce(store.collection<ErasureDoc>(ERASURES), { _id: userId, at: atOf(event) }, event.position);
    },
  };
}

function atOf(event: RecordedEvent): string {
  const at = (event.data as { at?: unknown }).at;
  return typeof at === 'string' ? at : event.recordedAt;
}

async function forget(store: ReadStore, userId: string, position: LogPosition): Promise<void> {
  // No service areas either: an erased realtor is told of no new listing (docs/decisions/0060).
  await scrub(store.collection(REALTOR_PROFILES), { _id: userId }, { brokerageName: '', licenseNumber: '', about: '', profileImageUrl: null, verificationDocumentUrl: null, rejectionMessage: null, serviceAreas: [] }, position);
  // Bid messages are the realtor's words; the amounts stay for the owners who received the bids.
  await scrub(store.collection(BIDS), { realtorId: userId }, { message: '' }, position);
  await scrub(store.collection(BID_REVISIONS), { realtorId: userId }, { message: '' }, position);
  // Bills are deleted with the account; the review history of them goes too. Tombstones, so a node applying an
  // older event of theirs late cannot write the row back (docs/decisions/0061).
  const verifications = store.collection(VERIFICATIONS);
  for (const { _id } of await verifications.find({ userId }, { projection: { _id: 1 } })) await deleteOnce(verifications, _id, position);
  // Financial records keep amount, credits, status and dates; nothing that reaches the person or their card.
  await scrub(store.collection(PAYMENTS), { userId }, { stripePaymentIntentId: null, stripeChargeId: null, failureReason: null }, position);
  // That a version was accepted stays (the terms applied to what they did); from where and in what browser does not.
  await scrub(store.collection(USER_AGREEMENTS), { userId }, { ipAddress: null, userAgent: null }, position);
  await deleteOnce(store.collection(NOTIFICATION_PREFERENCES), userId, position);
  // What happened to them, as their inbox told it (docs/decisions/0060); tombstones, as for the bills.
  const inbox = store.collection(INBOX);
  for (const { _id } of await inbox.find({ userId }, { projection: { _id: 1 } })) await deleteOnce(inbox, _id, position);
  // A review keeps its rating; its words and the city that stood for its author go (docs/decisions/0051). A realtor's replies are their words.
  await scrub(store.collection(REVIEWS), { authorId: userId }, { text: '', area: '' }, position);
  await scrub(store.collection(REVIEWS), { realtorId: userId, reply: { $ne: null } }, { 'reply.text': '' }, position);
  await forgetInActivityLog(store, userId, position);
}

/**
 * Overwrites the person's values in every document `filter` finds, and carries
 * the erasure's position into each document behind it, so a node still
 * applying an older event to it (guarded by position, projection.ts) writes
 * nothing. A document already past the erasure keeps its position and loses
 * the values all the same.
 */
async function scrub<T extends Doc>(collection: Collection<T>, filter: Filter, set: Record<string, unknown>, position: LogPosition): Promise<void> {
  const behind = { $or: [{ [POSITION_FIELD]: { $lt: position } }, { [POSITION_FIELD]: { $exists: false } }] };
  await collection.updateMany({ $and: [filter, behind] }, { $set: { ...set, [POSITION_FIELD]: position } });
  await collection.updateMany({ $and: [filter, { [POSITION_FIELD]: { $gte: position } }] }, { $set: set });
}

async function forgetInActivityLog(store: ReadStore, userId: string, position: LogPosition): Promise<void> {
  const directory = store.collection<NameDoc>(ACTIVITY_ACTORS);
  const known = await directory.findOne({ _id: `user:${userId}` });
  const email = erasedEmail(userId);
  const logs = store.collection<ActivityDoc>(ADMIN_LOGS);
  // What they did: their name and where they did it from.
  await logs.updateMany({ actorType: 'user', actorId: userId }, { $set: { actorName: ERASED_NAME, ipAddress: null, userAgent: null } });
  // What was about them, found by id, or by the email the entry named them by (a verification's homeowner).
  const about: object[] = [{ resourceType: 'user', resourceId: userId }];
  if (known?.email) about.push({ targetEmail: known.email });
  for (const entry of await logs.find({ $or: about })) {
    await logs.updateOne({ _id: entry._id }, { $set: { targetName: ERASED_NAME, targetEmail: email, ...withoutPersonalFields(entry) } });
  }
  if (known) await scrub(directory, { _id: known._id }, { name: ERASED_NAME, email, fields: {} }, position);
  // Their listings' addresses, in the directory's copy of each listing and in the entries about them.
  const listings = await store.collection<BidPropertyDoc>(BID_PROPERTIES).find({ ownerId: userId }, { projection: { _id: 1 } });
  for (const { _id: propertyId } of listings) {
    await scrub(directory, { _id: `property:${propertyId}` }, { 'fields.address': ERASED_TEXT }, position);
    for (const entry of await logs.find({ resourceType: 'property', resourceId: propertyId })) {
      await logs.updateOne({ _id: entry._id }, { $set: withoutPersonalFields(entry) });
    }
  }
}

function withoutPersonalFields(entry: ActivityDoc): Pick<ActivityDoc, 'details' | 'changes'> {
  return {
    details: Object.fromEntries(Object.entries(entry.details ?? {}).filter(([field]) => !PERSONAL_ACTIVITY_FIELDS.has(field))),
    changes: (entry.changes ?? []).filter((change) => !PERSONAL_ACTIVITY_FIELDS.has(change.field)),
  };
}

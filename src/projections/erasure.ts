import type { RecordedEvent } from '../event-store/port';
import { ERASED_NAME, ERASED_TEXT, erasedEmail } from '../personal-data/personal-fields';
import type { ReadStore } from '../read-store/port';
import type { ActivityDoc } from './activity-log';
import { ACTIVITY_ACTORS, ADMIN_LOGS } from './activity-log';
import type { NameDoc } from './activity-rows';
import type { BidPropertyDoc } from './bids';
import { BID_PROPERTIES, BIDS } from './bids';
import { BID_REVISIONS } from './bid-revisions';
import { INBOX } from './inbox';
import { NOTIFICATION_PREFERENCES } from './notification-preferences';
import { PAYMENTS } from './payments';
import { insertOnce } from './projection';
import type { Projection } from './projection';
import { REALTOR_PROFILES } from './realtor-profiles';
import { REVIEWS } from './reviews';
import { USER_AGREEMENTS } from './user-agreements';
import { VERIFICATIONS } from './verifications';

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
    async apply(event, store) {
      if (event.type !== 'AccountErased' || !event.streamId.startsWith('user-')) return;
      const userId = event.streamId.slice('user-'.length);
      await forget(store, userId);
      await insertOnce(store.collection<ErasureDoc>(ERASURES), { _id: userId, at: atOf(event) }, event.position);
    },
  };
}

function atOf(event: RecordedEvent): string {
  const at = (event.data as { at?: unknown }).at;
  return typeof at === 'string' ? at : event.recordedAt;
}

async function forget(store: ReadStore, userId: string): Promise<void> {
  // No service areas either: an erased realtor is told of no new listing (docs/decisions/0060).
  await store
    .collection(REALTOR_PROFILES)
    .updateOne({ _id: userId }, { $set: { brokerageName: '', licenseNumber: '', about: '', profileImageUrl: null, verificationDocumentUrl: null, rejectionMessage: null, serviceAreas: [] } });
  // Bid messages are the realtor's words; the amounts stay for the owners who received the bids.
  await store.collection(BIDS).updateMany({ realtorId: userId }, { $set: { message: '' } });
  await store.collection(BID_REVISIONS).updateMany({ realtorId: userId }, { $set: { message: '' } });
  // Bills are deleted with the account; the review history of them goes too.
  await store.collection(VERIFICATIONS).deleteMany({ userId });
  // Financial records keep amount, credits, status and dates; nothing that reaches the person or their card.
  await store.collection(PAYMENTS).updateMany({ userId }, { $set: { stripePaymentIntentId: null, stripeChargeId: null, failureReason: null } });
  // That a version was accepted stays (the terms applied to what they did); from where and in what browser does not.
  await store.collection(USER_AGREEMENTS).updateMany({ userId }, { $set: { ipAddress: null, userAgent: null } });
  await store.collection(NOTIFICATION_PREFERENCES).deleteMany({ _id: userId });
  // What happened to them, as their inbox told it (docs/decisions/0060).
  await store.collection(INBOX).deleteMany({ userId });
  // A review keeps its rating; its words and the city that stood for its author go (docs/decisions/0051). A realtor's replies are their words.
  await store.collection(REVIEWS).updateMany({ authorId: userId }, { $set: { text: '', area: '' } });
  await store.collection(REVIEWS).updateMany({ realtorId: userId, reply: { $ne: null } }, { $set: { 'reply.text': '' } });
  await forgetInActivityLog(store, userId);
}

async function forgetInActivityLog(store: ReadStore, userId: string): Promise<void> {
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
  if (known) await directory.updateOne({ _id: known._id }, { $set: { name: ERASED_NAME, email, fields: {} } });
  // Their listings' addresses, in the directory's copy of each listing and in the entries about them.
  const listings = await store.collection<BidPropertyDoc>(BID_PROPERTIES).find({ ownerId: userId }, { projection: { _id: 1 } });
  for (const { _id: propertyId } of listings) {
    await directory.updateOne({ _id: `property:${propertyId}` }, { $set: { 'fields.address': ERASED_TEXT } });
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

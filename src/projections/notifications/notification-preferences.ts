import type { AccountEvent, NotificationPreferencesChanged } from '../../domain/accounts/events';
import type { NotificationPreferences } from '../../domain/accounts/account';
import { DEFAULT_NOTIFICATIONS } from '../../domain/accounts/account';
import type { RecordedEvent } from '../../event-store/port';
import { isAccountEvent } from '../../domain/accounts/events';
import type { ReadStore } from '../../read-store/port';
import type { Projection } from '../projection';
import { upsertOnce } from '../projection';
import { userStream } from '../../domain/shared/stream-ids';

export const NOTIFICATION_PREFERENCES = 'notification_preferences';

/**
 * A user's mail choices (docs/decisions/0043). Only users who changed them
 * have a document; everyone else has DEFAULT_NOTIFICATIONS.
 */
export type NotificationPreferencesDoc = {
  _id: string;
  bidEmails: NotificationPreferences['bidEmails'];
  outcomeEmails: boolean;
  /** When the homeowner last chose the daily digest: bids before it were mailed as chosen then, so the first digest starts here. */
  dailySince: string | null;
  /** A realtor's choice for new listings in their areas (docs/decisions/0060); absent on documents written before: instant. */
  listingEmails?: NotificationPreferences['listingEmails'];
  /** When the realtor last chose the daily listing digest: its first digest starts here. */
  listingDailySince?: string | null;
  _position?: number;
};

export function createNotificationPreferencesProjection(): Projection {
  return {
    name: NOTIFICATION_PREFERENCES,
    collections: [NOTIFICATION_PREFERENCES],
    handles: ['NotificationPreferencesChanged'],
    async setup(store) {
      await store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).createIndex({ bidEmails: 1 });
      await store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).createIndex({ listingEmails: 1 });
    },
    async apply(event, store) {
      if (!isAccountEvent(event) || event.type !== 'NotificationPreferencesChanged') return;
      const { bidEmails, outcomeEmails, at } = (event as RecordedEvent & AccountEvent & NotificationPreferencesChanged).data;
      const listingEmails = (event as RecordedEvent & AccountEvent & NotificationPreferencesChanged).data.listingEmails ?? 'instant';
      const collection = store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES);
      const userId = userStream.idIn(event.streamId);
      const before = await collection.findOne({ _id: userId });
      // Staying on the digest keeps its start; switching to it starts it now.
      const dailySince = bidEmails !== 'daily' ? null : before?.bidEmails === 'daily' ? before.dailySince : at;
      const listingDailySince = listingEmails !== 'daily' ? null : before?.listingEmails === 'daily' ? (before.listingDailySince ?? at) : at;
      await upsertOnce(collection, userId, event.position, { $set: { bidEmails, outcomeEmails, dailySince, listingEmails, listingDailySince } });
    },
  };
}

/** The user's choices, or the defaults when they never changed them. */
export async function loadNotificationPreferences(store: ReadStore, userId: string): Promise<NotificationPreferences> {
  const doc = await store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).findOne({ _id: userId });
  return doc ? preferencesOf(doc) : DEFAULT_NOTIFICATIONS;
}

/** The choices of several users, by id; those without a document are left out (they have the defaults). */
export async function loadNotificationPreferencesOf(store: ReadStore, userIds: string[]): Promise<Map<string, NotificationPreferences>> {
  if (userIds.length === 0) return new Map();
  const docs = await store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).find({ _id: { $in: userIds } });
  return new Map(docs.map((doc) => [doc._id, preferencesOf(doc)]));
}

function preferencesOf(doc: NotificationPreferencesDoc): NotificationPreferences {
  return { bidEmails: doc.bidEmails, outcomeEmails: doc.outcomeEmails, listingEmails: doc.listingEmails ?? 'instant' };
}

/** Realtors on the daily listing digest, with when they chose it (docs/decisions/0060). */
export async function loadListingDigestReaders(store: ReadStore): Promise<NotificationPreferencesDoc[]> {
  return store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).find({ listingEmails: 'daily' });
}

/** Homeowners on the daily digest, with when they chose it. */
export async function loadDigestReaders(store: ReadStore): Promise<NotificationPreferencesDoc[]> {
  return store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).find({ bidEmails: 'daily' });
}

import type { Collection, ReadStore } from '../../read-store/port';
import type { InboxDoc } from './inbox';
import { INBOX, INBOX_NEWEST_FIRST } from './inbox';

/* The inbox's reads (docs/decisions/0047, 0060). */

export function inboxCollection(store: ReadStore): Collection<InboxDoc> {
  return store.collection<InboxDoc>(INBOX);
}

export function countUnread(store: ReadStore, userId: string): Promise<number> {
  return inboxCollection(store).countDocuments({ userId, readAt: null });
}

/** Every entry of the person's inbox, newest first, for their data export (docs/decisions/0042). */
export function everyInboxEntryOf(store: ReadStore, userId: string): Promise<InboxDoc[]> {
  return inboxCollection(store).find({ userId }, { sort: INBOX_NEWEST_FIRST });
}

/** Of `ids`, those that are the person's and unread. */
export async function unreadAmong(store: ReadStore, userId: string, ids: readonly string[]): Promise<string[]> {
  const docs = await inboxCollection(store).find({ userId, readAt: null, _id: { $in: [...ids] } }, { projection: { _id: 1 } });
  return docs.map((doc) => doc._id);
}

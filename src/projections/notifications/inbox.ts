import type { NotificationItem, NotificationKind } from '../../contract/notifications/inbox';
import { userRoom } from '../../contract/realtime';
import type { NotificationsRead } from '../../domain/notifications/inbox';
import { isNotificationsRead } from '../../domain/notifications/inbox';
import type { RecordedEvent } from '../../event-store/port';
import { INBOX_ENTRY_RULES } from './inbox-entries';
import type { Projection, Push } from '../projection';
import { insertOnce } from '../projection';

export const INBOX = 'inbox';

/** One entry of one person's inbox; `_id` is the causing event's id and the person's, so a rebuild writes the same ids. */
export type InboxDoc = {
  _id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  href: string;
  createdAt: string;
  /** The log position of the event that caused it: newest first is descending, and Mark all read covers what came before. */
  createdPosition: number;
  readAt: string | null;
  _position?: number;
};

/** An inbox's order, and its index: the person's entries, newest first. */
export const INBOX_NEWEST_FIRST = { userId: 1, createdPosition: -1 } as const;

export function toNotificationItem(doc: InboxDoc): NotificationItem {
  const { _id, kind, title, body, href, createdAt, readAt } = doc;
  return { id: _id, kind, title, body, href, createdAt, readAt };
}

function timeOf(event: RecordedEvent): string {
  const data = event.data as { at?: unknown; listedAt?: unknown };
  if (typeof data.at === 'string') return data.at;
  return typeof data.listedAt === 'string' ? data.listedAt : event.recordedAt;
}

/**
 * The `inbox` read model (docs/decisions/0060): what the log told each person,
 * from the table in inbox-entries.ts, and what they read (NotificationsRead on
 * `inbox-{userId}`). Registered after the read models the table reads.
 * Pushes `notification:new` to the person on every delivery, as the other
 * projections do, since each node tells only its own sockets.
 */
export function createInboxProjection(): Projection {
  return {
    name: INBOX,
    collections: [INBOX],
    async setup(store) {
      const inbox = store.collection<InboxDoc>(INBOX);
      await inbox.createIndex(INBOX_NEWEST_FIRST);
      await inbox.createIndex({ userId: 1, readAt: 1 });
    },
    async apply(event, store, context) {
      const inbox = store.collection<InboxDoc>(INBOX);
      if (isNotificationsRead(event)) {
        const { userId, ids, at } = (event as RecordedEvent & NotificationsRead).data;
        // Only unread entries match, so a redelivery changes nothing; Mark all read covers what the inbox held then.
        const which = ids === null ? { createdPosition: { $lt: event.position } } : { _id: { $in: ids } };
        await inbox.updateMany({ userId, readAt: null, ...which }, { $set: { readAt: at } });
        return;
      }
      const rule = INBOX_ENTRY_RULES[event.type];
      if (!rule) return;
      const entries = await rule(event, store);
      const pushes: Push[] = [];
      for (const entry of entries) {
        const doc: InboxDoc = { _id: `${event.id}:${entry.userId}`, ...entry, createdAt: timeOf(event), createdPosition: event.position, readAt: null };
        await insertOnce(inbox, doc, event.position);
        if (!context?.replaying) pushes.push({ rooms: [userRoom(entry.userId)], event: 'notification:new', payload: toNotificationItem(doc) });
      }
      return pushes;
    },
  };
}

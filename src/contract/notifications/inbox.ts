import { z } from 'zod';

/*
 * The notification inbox (issue 27 item 4, docs/decisions/0060): what
 * happened to a person while they were away, newest first, each entry
 * linking to its place. A read model of the log; reading is an event too, so
 * the read state survives a rebuild.
 */

/** One kind per thing that can happen to a person; the projection's table (src/projections/notifications/inbox-entries.ts) maps each event to one. */
export const NOTIFICATION_KINDS = [
  'bid-received',
  'bid-seen',
  'bid-selected',
  'bid-not-selected',
  'bidding-closed',
  'verification-approved',
  'verification-rejected',
  'credits-purchased',
  'credits-refunded',
  'credits-rewarded',
  'credits-reward-withdrawn',
  'credits-set-by-admin',
  'listing-in-area',
  'review-received',
  'review-answered',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One entry of GET /api/notifications. `href` is a path of this site; `readAt` null while unread. */
export type NotificationItem = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  href: string;
  createdAt: string;
  readAt: string | null;
};

/** GET /api/notifications: the list contract's page, and how many are unread in all. */
export type NotificationsPage = { items: NotificationItem[]; nextCursor: string | null; total: number; unread: number };

/** POST /api/notifications/read: the unread count after. */
export type NotificationsReadAnswer = { unread: number };

export const MAX_READ_IDS = 100;
export const MARK_READ_RULE = 'Send { "ids": [...] } with 1 to 100 notification ids, or { "all": true }';

/** `{ ids }` marks those entries read, `{ all: true }` every entry there is; an id not the caller's, or read already, is passed over. */
export const markNotificationsReadSchema = z.union(
  [
    z.strictObject({ ids: z.array(z.string({ error: MARK_READ_RULE }).min(1, MARK_READ_RULE).max(200, MARK_READ_RULE), { error: MARK_READ_RULE }).min(1, MARK_READ_RULE).max(MAX_READ_IDS, MARK_READ_RULE) }),
    z.strictObject({ all: z.literal(true, { error: MARK_READ_RULE }) }),
  ],
  { error: MARK_READ_RULE },
);
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadSchema>;

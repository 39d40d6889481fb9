import { Hono } from 'hono';
import type { NotificationsPage, NotificationsReadAnswer } from '../../../contract/notifications/inbox';
import { markNotificationsReadSchema } from '../../../contract/notifications/inbox';
import { inbox, inboxStreamId } from '../../../domain/notifications/inbox';
import { INBOX_NEWEST_FIRST, toNotificationItem } from '../../../projections/notifications/inbox';
import { countUnread, inboxCollection, unreadAmong } from '../../../projections/notifications/inbox-queries';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { listPage, listQuery } from '../admin/list-page';
import { readJson, validate } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';

/** GET /api/notifications takes the list contract's paging and nothing else. */
export const notificationsQuery = listQuery;

/**
 * The signed-in user's inbox (docs/decisions/0060): GET a page, newest first,
 * with the unread count beside it; POST /notifications/read marks entries read
 * with an event on `inbox-{userId}`, and only when something is unread.
 */
export function createInboxRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/notifications', requireUser(), async (c) => {
      const query = validate(notificationsQuery, c.req.query());
      const userId = currentUserId(c);
      const [page, unread] = await Promise.all([listPage(inboxCollection(deps.readStore), { userId }, INBOX_NEWEST_FIRST, query), countUnread(deps.readStore, userId)]);
      return c.json<NotificationsPage>({ items: page.docs.map(toNotificationItem), nextCursor: page.nextCursor, total: page.total, unread });
    })
    .post('/notifications/read', requireUser(), async (c) => {
      const input = await readJson(c, markNotificationsReadSchema);
      const userId = currentUserId(c);
      const ids = 'all' in input ? 'all' : await unreadAmong(deps.readStore, userId, input.ids);
      const nothingUnread = ids === 'all' ? (await countUnread(deps.readStore, userId)) === 0 : ids.length === 0;
      if (!nothingUnread) await runCommand(deps, c, inboxStreamId(userId), inbox, { type: 'MarkNotificationsRead', userId, ids, at: deps.clock().toISOString() });
      return c.json<NotificationsReadAnswer>({ unread: await countUnread(deps.readStore, userId) });
    });
}

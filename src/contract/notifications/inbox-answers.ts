import { z } from 'zod';
import { answerSchema } from '../answer-schema';
import type { NotificationItem, NotificationsPage, NotificationsReadAnswer } from './inbox';
import { NOTIFICATION_KINDS } from './inbox';

/* The inbox's answers as zod schemas, each tied to its type in inbox.ts (docs/decisions/0048, 0060). */

export const notificationItemAnswer = answerSchema<NotificationItem>()(
  z.object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    href: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  }),
);

/** GET /api/notifications. */
export const notificationsPageAnswer = answerSchema<NotificationsPage>()(
  z.object({ items: z.array(notificationItemAnswer), nextCursor: z.string().nullable(), total: z.number(), unread: z.number() }),
);

/** POST /api/notifications/read. */
export const notificationsReadAnswer = answerSchema<NotificationsReadAnswer>()(z.object({ unread: z.number() }));

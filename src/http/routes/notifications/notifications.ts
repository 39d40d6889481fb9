import { Hono } from 'hono';
import type { NotificationSettings } from '../../../contract/notifications/notifications';
import { notificationPreferencesSchema } from '../../../contract/notifications/notifications';
import { userStreamId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import { loadNotificationPreferences } from '../../../projections/notifications/notification-preferences';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { readJson } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';

/**
 * GET and PUT /api/user/notifications (docs/decisions/0043): a homeowner
 * chooses bid mails (instant, daily, none), a realtor selection-outcome mails
 * (on, off). The account decider refuses a setting of the other role.
 */
export function createNotificationRoutes(deps: AppDeps) {
  const answer = async (userId: string, role: string): Promise<NotificationSettings> => {
    const preferences = await loadNotificationPreferences(deps.readStore, userId);
    return role === 'realtor' ? { role: 'realtor', outcomeEmails: preferences.outcomeEmails, listingEmails: preferences.listingEmails } : { role: 'homeowner', bidEmails: preferences.bidEmails };
  };

  return new Hono<AppEnv>()
    .get('/user/notifications', requireUser(), async (c) => c.json(await answer(currentUserId(c), c.get('session').user?.role ?? '')))
    .put('/user/notifications', requireUser(), async (c) => {
      const input = await readJson(c, notificationPreferencesSchema);
      const userId = currentUserId(c);
      await runCommand(deps, c, userStreamId(userId), account, {
        type: 'ChangeNotificationPreferences',
        ...(input.bidEmails !== undefined ? { bidEmails: input.bidEmails } : {}),
        ...(input.outcomeEmails !== undefined ? { outcomeEmails: input.outcomeEmails } : {}),
        ...(input.listingEmails !== undefined ? { listingEmails: input.listingEmails } : {}),
        at: deps.clock().toISOString(),
      });
      return c.json(await answer(userId, c.get('session').user?.role ?? ''));
    });
}

import type { ReadStore } from '../../read-store/port';
import type { NotificationPreferencesDoc } from './notification-preferences';
import { NOTIFICATION_PREFERENCES } from './notification-preferences';

/** The user's stored choices as kept, or null when they never chose (loadNotificationPreferences applies the defaults). */
export function findNotificationPreferences(store: ReadStore, userId: string): Promise<NotificationPreferencesDoc | null> {
  return store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).findOne({ _id: userId });
}

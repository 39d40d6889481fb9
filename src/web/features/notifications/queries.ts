import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesInput, NotificationSettings } from '../../../contract/notifications/notifications';
import { apiFetch, apiRequest } from '../../lib/api';

// Under ['user'], so logout drops it with the session.
const notificationsKey = ['user', 'notifications'] as const;

/** GET /api/user/notifications: the signed-in user's mail choice (docs/decisions/0043). */
export function notificationSettingsQuery() {
  return queryOptions({ queryKey: notificationsKey, queryFn: () => apiFetch<NotificationSettings>('/api/user/notifications') });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => apiRequest<NotificationSettings>('PUT', '/api/user/notifications', input),
    onSuccess: (saved) => queryClient.setQueryData(notificationsKey, saved),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsReadInput, NotificationsPage, NotificationsReadAnswer } from '../../../contract/notifications/inbox';
import { apiFetch, apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** How many entries the bell's panel shows: the newest. */
export const INBOX_PAGE_SIZE = 20;

/** GET /api/notifications: the newest entries and the unread count (docs/decisions/0060). `notification:new` refetches it. */
export function inboxQuery() {
  return queryOptions({ queryKey: queryKeys.notifications, queryFn: () => apiFetch<NotificationsPage>(`/api/notifications?limit=${INBOX_PAGE_SIZE}`) });
}

/** POST /api/notifications/read; the list shows the entries read at once, and is read again after. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsReadInput) => apiRequest<NotificationsReadAnswer>('POST', '/api/notifications/read', input),
    onMutate: (input) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationsPage>(queryKeys.notifications, (page) => {
        if (!page) return page;
        const marks = (id: string) => 'all' in input || input.ids.includes(id);
        const items = page.items.map((item) => (item.readAt === null && marks(item.id) ? { ...item, readAt: now } : item));
        const newlyRead = page.items.filter((item) => item.readAt === null && marks(item.id)).length;
        return { ...page, items, unread: 'all' in input ? 0 : Math.max(0, page.unread - newlyRead) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

import { useLayoutEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { NotificationItem, NotificationsPage } from '../../../contract/notifications/inbox';
import { Button } from '../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatLongDateTime } from '../../lib/format';
import { useMarkNotificationsRead } from './inbox-queries';
import { BellButton } from './bell-button';

/**
 * The bell's panel (docs/decisions/0060): the newest entries, each linking to
 * its place. Opening an entry marks it read; "Mark all read" marks the rest.
 * Loaded once the first page has settled, with the Popover it needs, so the
 * entry carries neither (src/web/features/notifications/notification-bell.tsx).
 */
export type NotificationMenuProps = {
  inbox: UseQueryResult<NotificationsPage>;
  /** The bell was pressed before the panel's code was in: open at once. */
  initiallyOpen: boolean;
  /** The bell this one replaces had the focus: this one takes it. */
  takeFocus: boolean;
};

export function NotificationMenu({ inbox, initiallyOpen, takeFocus }: NotificationMenuProps) {
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(initiallyOpen);
  const bell = useRef<HTMLButtonElement>(null);
  // Before the browser paints: the bell it replaced was focused a moment ago.
  useLayoutEffect(() => {
    if (takeFocus) bell.current?.focus();
    // Only on arrival.
  }, []);
  const unread = inbox.data?.unread ?? 0;

  const openItem = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <BellButton ref={bell} unread={unread} />
      </PopoverTrigger>
      <PopoverContent className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-labelledby="notifications-heading">
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 id="notifications-heading" className="text-sm font-semibold">
            Notifications
          </h2>
          <Button variant="ghost" size="sm" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            Mark all read
          </Button>
        </div>
        <div className="max-h-[min(28rem,70dvh)] overflow-y-auto">
          <InboxBody query={inbox} onOpen={openItem} />
        </div>
      </PopoverContent>
    </Popover>
  );
}

function InboxBody({ query, onOpen }: { query: UseQueryResult<NotificationsPage>; onOpen: (item: NotificationItem) => void }) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading notifications" />
      </div>
    );
  }
  if (query.isError) return <p className="px-4 py-8 text-center text-sm text-muted-foreground">Could not load notifications. Try again in a moment.</p>;
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <div className="px-4 py-10 text-center">
        <p className="text-sm font-medium">No notifications yet</p>
        <p className="mt-1 text-sm text-muted-foreground">New bids, outcomes and listings in your areas show up here.</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Newest first">
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={item.href}
            onClick={() => onOpen(item)}
            className={cn('flex gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none', item.readAt === null && 'bg-brand-soft/50')}
            data-testid="notification-item"
          >
            <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.readAt === null ? 'bg-brand-hover' : 'bg-transparent')} />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium text-foreground">
                {item.title}
                {item.readAt === null && <span className="sr-only"> (unread)</span>}
              </span>
              <span className="mt-0.5 block break-words text-sm text-muted-foreground">{item.body}</span>
              <span className="mt-1 block text-xs text-muted-foreground">{formatLongDateTime(item.createdAt)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

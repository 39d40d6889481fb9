import type { ComponentProps } from 'react';
import { buttonVariants } from '../../components/ui/button';
import { BellIcon } from '../../components/ui/shell-icons';

/** The bell itself; the panel's trigger hands it its open state and handlers. */
export function BellButton({ unread, ...props }: { unread: number } & ComponentProps<'button'>) {
  return (
    <button type="button" className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'relative shrink-0' })} data-testid="notification-bell" {...props}>
      <BellIcon className="size-5" />
      <span className="sr-only">{unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}</span>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-hover px-1 text-[11px] font-semibold leading-none text-brand-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}

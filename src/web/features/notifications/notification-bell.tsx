import { Suspense, lazy, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { usePageSettled } from '../../lib/page-settled';
import { BellButton } from './bell-button';
import { inboxQuery } from './inbox-queries';

const NotificationMenu = lazy(() => import('./notification-menu').then(({ NotificationMenu }) => ({ default: NotificationMenu })));

/**
 * The header's bell (issue 27 item 4, docs/decisions/0060): the unread count,
 * and a panel of the newest entries. `notification:new` refetches the inbox,
 * so the count moves while the page stays open. The inbox is asked for, and
 * the panel with its Popover loaded, once the first page has settled
 * (docs/decisions/0058), or at once when the bell is pressed before that,
 * which then opens the panel as soon as it is there.
 */
export function NotificationBell() {
  const settled = usePageSettled();
  const [pressedEarly, setPressedEarly] = useState(false);
  const inbox = useQuery({ ...inboxQuery(), enabled: settled || pressedEarly });
  const still = <BellButton unread={inbox.data?.unread ?? 0} onClick={() => setPressedEarly(true)} />;
  if (!settled && !pressedEarly) return still;
  return (
    <Suspense fallback={still}>
      <NotificationMenu inbox={inbox} initiallyOpen={pressedEarly} />
    </Suspense>
  );
}

import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { usePageSettled } from '../../lib/page-settled';
import { BellButton } from './bell-button';
import { inboxQuery } from './inbox-queries';
import type { NotificationMenuProps } from './notification-menu';

/**
 * The header's bell (issue 27 item 4, docs/decisions/0060): the unread count,
 * and a panel of the newest entries. `notification:new` refetches the inbox,
 * so the count moves while the page stays open. The inbox is asked for, and
 * the panel with its Popover loaded, once the first page has settled
 * (docs/decisions/0058), or at once when the bell is pressed before that,
 * which then opens the panel as soon as it is there. The panel's bell takes
 * this one's place only once its code is in, and takes its focus with it, so
 * a keyboard user on the bell never finds the focus gone.
 */
export function NotificationBell() {
  const settled = usePageSettled();
  const [pressedEarly, setPressedEarly] = useState(false);
  const [Menu, setMenu] = useState<ComponentType<NotificationMenuProps> | null>(null);
  const still = useRef<HTMLButtonElement>(null);
  const wanted = settled || pressedEarly;
  const inbox = useQuery({ ...inboxQuery(), enabled: wanted });

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void import('./notification-menu').then(({ NotificationMenu }) => {
      if (live) setMenu(() => NotificationMenu);
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  if (Menu === null) return <BellButton ref={still} unread={inbox.data?.unread ?? 0} onClick={() => setPressedEarly(true)} />;
  return <Menu inbox={inbox} initiallyOpen={pressedEarly} takeFocus={still.current !== null && still.current === document.activeElement} />;
}

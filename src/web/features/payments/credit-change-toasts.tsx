import { useEffect, useRef } from 'react';
import { toast } from '../../components/ui/use-toast';
import { useServerEvent } from '../../lib/realtime';

// One refund can withdraw a reward in the same append: its pushes arrive together and make one toast
// (a toast shows one at a time, so a second would hide the first).
const GATHER_MS = 300;

/**
 * Says why the balance moved when the realtor did not move it themselves: a
 * reward, a reward withdrawn, a refund, an administrator's change (the server
 * sends a reason only for those; a bid or a purchase is confirmed where it was
 * made). Renders nothing.
 */
export function CreditChangeToasts() {
  const gathered = useRef<{ labels: string[]; credits: number; timer: number } | null>(null);

  useEffect(
    () => () => {
      if (gathered.current !== null) window.clearTimeout(gathered.current.timer);
    },
    [],
  );

  useServerEvent('credits:changed', ({ credits, reason }) => {
    if (reason === undefined) return;
    const current = gathered.current;
    if (current !== null) {
      current.labels.push(reason.label);
      current.credits = credits;
      return;
    }
    const timer = window.setTimeout(() => {
      const done = gathered.current;
      gathered.current = null;
      if (done === null) return;
      const [title, ...more] = done.labels;
      const balance = `Your balance is now ${done.credits} credit${done.credits === 1 ? '' : 's'}.`;
      toast({ title, description: [...more.map((label) => `${label}.`), balance].join(' ') });
    }, GATHER_MS);
    gathered.current = { labels: [reason.label], credits, timer };
  });
  return null;
}

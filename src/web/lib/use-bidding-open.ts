import { useEffect, useState } from 'react';

// setTimeout fires at once for delays past 2^31 - 1 ms (about 24.8 days).
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Whether bidding is still open (SPEC §4: open while the end date is in the
 * future). Re-renders once, at the end itself, so a page left open switches
 * to its closed state without a reload.
 */
export function useBiddingOpen(biddingEndsAt: string | null): boolean {
  const endsAt = biddingEndsAt === null ? Number.NaN : new Date(biddingEndsAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(endsAt) || endsAt <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(endsAt - now + 50, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [endsAt, now]);
  // No end date means the listing never set one: the server treats it as open.
  return Number.isNaN(endsAt) || endsAt > now;
}

import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` while mounted (countdowns, the bidding window). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

// setTimeout fires at once for delays past 2^31 - 1 ms (about 24.8 days).
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Whether bidding is open (SPEC §4: while the end is in the future). Re-renders
 * once, at the end itself, rather than every second like `useNow`.
 */
export function useBiddingOpen(biddingEndsAt: string): boolean {
  const endsAt = new Date(biddingEndsAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!(endsAt > now)) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(endsAt - now + 50, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [endsAt, now]);
  return endsAt > now;
}

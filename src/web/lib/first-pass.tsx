import { startTransition, useEffect, useState, type ReactNode } from 'react';

/*
 * The client adopts a page the server rendered (hydrateRoot, src/web/main.tsx) rather than rendering over it, so its
 * first render must produce the server's markup exactly (docs/decisions/0058, fourth round). What the client may
 * already know beyond the server (/home's other sixteen cards, /market's figures when their answer was quick) waits
 * for a second render, in a transition, which React slices so it does not block the main thread.
 */

let hydrating = false;

/** Called by the entry before it hydrates the server's markup. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

/**
 * False in the render that must equal the server's: on the server, and on the client while it hydrates; true on the
 * next render, which follows in a transition. A component mounted later (a client-side navigation, a page the client
 * renders from the spinner) is past its first pass from the start.
 */
export function usePastFirstPass(): boolean {
  const [past, setPast] = useState(() => typeof document !== 'undefined' && !hydrating);
  useEffect(() => {
    if (!past) startTransition(() => setPast(true));
  }, [past]);
  return past;
}

/**
 * Around the app in the entry: once the hydrating render has committed (every component of the first pass has read the
 * flag by then), later mounts are past their first pass. A wrapper of one child adds no element, nor changes useId's.
 */
export function FirstPassDone({ children }: { children: ReactNode }): ReactNode {
  useEffect(() => setHydrating(false), []);
  return children;
}

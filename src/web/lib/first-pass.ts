import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/*
 * The client adopts a page the server rendered (hydrateRoot, src/web/main.tsx) rather than rendering over it, so the
 * render that adopts it must produce the server's markup exactly (docs/decisions/0058, fourth round). What the client
 * may already know beyond the server (/home's other sixteen cards, /market's figures when their answer was quick)
 * waits for the next render, in a transition, which React slices so it does not block the main thread.
 */

const noSubscription = () => () => {};

/**
 * False in the render that must equal the server's: on the server, and on the client while React adopts the server's
 * markup (React reads the server snapshot then); true from the next render, which follows in a transition. A
 * component mounted otherwise (a client-side navigation, a page rendered from the spinner) is past it from the start.
 */
export function usePastFirstPass(): boolean {
  const adopting = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [past, setPast] = useState(!adopting);
  useEffect(() => {
    if (!past) startTransition(() => setPast(true));
  }, [past]);
  return past;
}

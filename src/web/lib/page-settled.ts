import { useEffect, useState } from 'react';

/*
 * What the first page needs comes first; what it does not (the socket, the agreements prompt, the toast stack) waits
 * until that page has been shown and the browser has a moment free (docs/decisions/0058). On a phone those chunks and
 * their start-up work otherwise compete with the page's own scripts, data and first picture.
 */

/** At most this long after the first page is shown, idle or not. */
const IDLE_TIMEOUT_MS = 1000;
/** The longest the lead picture may hold the rest back. */
const LEAD_IMAGE_TIMEOUT_MS = 3000;

let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

// The page's lead picture (its largest paint) downloading: what waits until later would share its bandwidth.
const leadImages = new Set<Promise<void>>();

const settled: Promise<void> = shown
  .then(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
  .then(() => Promise.race([Promise.all(leadImages), new Promise((resolve) => setTimeout(resolve, LEAD_IMAGE_TIMEOUT_MS))]))
  .then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else setTimeout(resolve, 0);
      }),
  );

let isSettled = false;
void settled.then(() => {
  isSettled = true;
});

/** Called once, when the router has rendered the first page (src/web/main.tsx). */
export function notePageShown(): void {
  markShown();
}

/**
 * For the first page's lead picture, from when it is rendered: the page settles after it has loaded (or failed, or
 * gone), at most a few seconds after the page is shown. Returns what to call then.
 */
export function holdForLeadImage(): () => void {
  let done: () => void = () => {};
  const loading = new Promise<void>((resolve) => {
    done = resolve;
  });
  leadImages.add(loading);
  return done;
}

/** Resolves once the first page has been shown, its lead picture is in, and the browser is idle (or a second later). */
export function whenPageSettled(): Promise<void> {
  return settled;
}

/** False until the first page has settled, then true for good. */
export function usePageSettled(): boolean {
  const [value, setValue] = useState(isSettled);
  useEffect(() => {
    if (value) return;
    let active = true;
    void settled.then(() => {
      if (active) setValue(true);
    });
    return () => {
      active = false;
    };
  }, [value]);
  return value;
}

import { lazy, Suspense, useState } from 'react';
import { TOAST_HOTKEY, TOAST_VIEWPORT_CLASS, useToast } from './use-toast';

// Radix's toast stack (toast, collection, dismissable layer, presence) is about
// 10 kB of JavaScript gzipped: it loads with the first toast, not with the first page.
const Toaster = lazy(() => import('./toaster').then(({ Toaster }) => ({ default: Toaster })));

/**
 * The notifications region, on every page. Until the Toaster is needed it is
 * the same empty, labelled region Radix's viewport renders (so F8 users and
 * screen readers find one landmark either way); from then on it is the Toaster.
 * It is needed at once where toasts come often and unasked (`eager`: a
 * signed-in user's pushes, the back office), else with the first toast: a
 * toast that had to wait for the code could be replaced before it showed.
 */
export function Notifications({ eager }: { eager: boolean }) {
  const { toasts } = useToast();
  const [loaded, setLoaded] = useState(eager);
  // Once loaded it stays: a closing toast plays its exit, and the next one needs no fetch.
  if ((eager || toasts.length > 0) && !loaded) setLoaded(true);
  const empty = <EmptyViewport />;
  return (
    <>
      <Announcer />
      {loaded ? (
        <Suspense fallback={empty}>
          <Toaster />
        </Suspense>
      ) : (
        empty
      )}
    </>
  );
}

/**
 * The page's one polite live region, present from the first page so screen
 * readers watch it before anything is said: every toast (a bid placed, a
 * purchase, a selection, a pushed notification) is read from here, once.
 * The toasts themselves keep out of Radix's own announcement (the Toaster
 * marks them), which made a live region only when the toast appeared and,
 * with the Toaster loaded on demand, was often not heard at all. A new span
 * per toast makes the same words, said again, a change to announce.
 */
function Announcer() {
  const { toasts } = useToast();
  const current = toasts.find((entry) => entry.open);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
      {current !== undefined && (
        <span key={current.id}>
          {current.title}
          {current.description !== undefined && <>. {current.description}</>}
        </span>
      )}
    </div>
  );
}

/** What Radix's ToastViewport renders with no toast: a labelled region that lets clicks through, around an empty list. */
function EmptyViewport() {
  return (
    <div role="region" aria-label={`Notifications (${TOAST_HOTKEY.join('+')})`} tabIndex={-1} style={{ pointerEvents: 'none' }}>
      <ol tabIndex={-1} data-slot="toast-viewport" className={TOAST_VIEWPORT_CLASS} />
    </div>
  );
}

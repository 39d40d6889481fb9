import { startTransition } from 'react';
import { AppRoot } from './app-root';
import { nextTask } from './lib/next-task';
import { notePageShown, whenPageSettled } from './lib/page-settled';
import { seedQueryCache } from './lib/page-seed';
import { createQueryClient } from './lib/query-client';
import { createRealtimeClient } from './lib/realtime';
import { createAppRouter } from './router';
import './styles.css';

/*
 * The page starts in steps, each in a task of its own (src/web/lib/next-task.ts): the modules' evaluation (this
 * file's imports), then the router's making (it reads the whole route tree), then React DOM's evaluation (its own
 * chunk), then the first page's load and render. In one task they blocked the main thread of a phone for a quarter of
 * a second at 4x CPU (Lighthouse's total blocking time; docs/decisions/0058, fifth round).
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const queryClient = createQueryClient();
  // The first page's data the server put in the HTML, if any (a signed-in visitor's session; /home's first listings).
  seedQueryCache(queryClient);
  // Created here, once, rather than in a component: StrictMode's double effects
  // would otherwise open and drop a second socket. It connects once the first page is shown (docs/decisions/0058).
  const realtime = createRealtimeClient({ queryClient, whileSignedIn: true, startAfter: whenPageSettled() });
  const router = createAppRouter(queryClient);
  // The first navigation that completes (a redirect's target, if it redirected) is the first page shown.
  const stopWatchingFirstPage = [
    router.subscribe('onRendered', () => firstPageShown()),
    router.subscribe('onResolved', () => requestAnimationFrame(() => firstPageShown())),
  ];
  function firstPageShown(): void {
    for (const stop of stopWatchingFirstPage) stop();
    // The prerendered screen, if there was one, is the client's now.
    container.removeAttribute('data-prerendered');
    notePageShown();
  }

  const app = <AppRoot queryClient={queryClient} realtime={realtime} router={router} />;
  await nextTask();
  // React DOM's own evaluation (about half of the modules' at start) in a task of its own too. It comes in the entry's
  // React chunk (vite.config.ts), which the HTML preloads, but as CommonJS its code runs only when first required:
  // here, rather than with the entry's imports.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  // Once the router has loaded the first page (its session, its data when the HTML carried it, its code), and in a
  // transition: React then renders the whole page once, in slices that leave the main thread free between them, rather
  // than the pending screen first and the page over it in long tasks the router's updates make synchronous (Lighthouse's
  // total blocking time on a phone; docs/decisions/0058). Until then index.html's spinner shows, or the page's first
  // screen rendered by the server (a guest's / and /market at build, a signed-in /home per request;
  // src/http/platform/prerendered.ts, server-render.ts), which the client adopts rather than renders again: hydration
  // makes no second DOM, style and layout of it. Its first render equals the server's (src/web/lib/first-pass.ts); a
  // difference would make React report it and render the page over, as before.
  try {
    await router.load();
  } finally {
    if (container.hasAttribute('data-prerendered')) {
      // The router renders on the server without its top Suspense boundary; told it has a server render, it does too.
      router.ssr = { manifest: undefined };
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      startTransition(() => createRoot(container).render(app));
    }
  }
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
void start(container);

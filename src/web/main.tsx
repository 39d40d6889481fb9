import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { notePageShown, whenPageSettled } from './lib/page-settled';
import { seedQueryCache } from './lib/page-seed';
import { createQueryClient } from './lib/query-client';
import { createRealtimeClient, RealtimeProvider } from './lib/realtime';
import { createAppRouter } from './router';
import './styles.css';

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
  document.getElementById('root')?.removeAttribute('data-prerendered');
  notePageShown();
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime}>
        <RouterProvider router={router} />
      </RealtimeProvider>
    </QueryClientProvider>
  </StrictMode>
);
// Once the router has loaded the first page (its session, its data when the HTML carried it, its code), and in a
// transition: React then renders the whole page once, in slices that leave the main thread free between them, rather
// than the pending screen first and the page over it in long tasks the router's updates make synchronous (Lighthouse's
// total blocking time on a phone; docs/decisions/0058). Until then index.html's spinner shows, or the page's first
// screen rendered by the server (a guest's / and /market at build, a signed-in /home per request;
// src/http/platform/prerendered.ts, server-render.ts), which the client adopts rather than renders again: hydration
// makes no second DOM, style and layout of it. Its first render equals the server's (src/web/lib/first-pass.ts); a
// difference would make React report it and render the page over, as before.
void router.load().finally(() => {
  if (container.hasAttribute('data-prerendered')) {
    // The router renders on the server without its top Suspense boundary; told it has a server render, it does too.
    router.ssr = { manifest: undefined };
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    startTransition(() => createRoot(container).render(app));
  }
});

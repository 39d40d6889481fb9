import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './components/not-found';
import { PagePending } from './components/page-pending';
import { routeTree } from './route-tree.gen';
import type { RouterContext } from './router-context';

/** `history`: the browser's by default; the build's prerender of the public pages passes a memory one (src/web/prerender.tsx). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history === undefined ? {} : { history }),
    context: { queryClient } satisfies RouterContext,
    defaultPreload: 'intent',
    // Loaders call ensureQueryData, so TanStack Query decides freshness; the
    // router must not skip a loader because it preloaded it a moment ago.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

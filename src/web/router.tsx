import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './components/not-found';
import { PagePending } from './components/page-pending';
import { routeTree } from './route-tree.gen';
import type { RouterContext } from './router-context';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
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

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

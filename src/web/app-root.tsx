import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { RealtimeProvider, type RealtimeClient } from './lib/realtime';
import type { AppRouter } from './router';

/**
 * The whole app's tree, the same for the client (src/web/main.tsx) and the server's render of a first screen
 * (src/web/prerender.tsx): the client adopts the server's markup, which holds only while both render one tree.
 */
export function AppRoot({ queryClient, realtime, router }: { queryClient: QueryClient; realtime: RealtimeClient; router: AppRouter }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider client={realtime}>
          <RouterProvider router={router} />
        </RealtimeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './lib/query-client';
import { queryKeys } from './lib/query-keys';
import { createRealtimeClient, RealtimeProvider } from './lib/realtime';
import { createAppRouter } from './router';

/*
 * The public pages' first screen as HTML, made at build time (scripts/prerender.ts, docs/decisions/0058): what a
 * visitor's first render shows before any data, so the page's text paints with the HTML instead of after the scripts.
 * The client renders the same over it once its router has loaded (src/web/main.tsx). Runs in Node, built by Vite.
 */

/**
 * The pages a guest's HTML carries prerendered, and the address each is rendered at: each shows the same to every
 * visitor until its data arrives (/market its last 30 days, the period its bare address means).
 */
export const PRERENDERED_PAGES = [
  { path: '/', render: '/' },
  { path: '/market', render: '/market' },
] as const;

export async function prerender(path: string): Promise<string> {
  const queryClient = createQueryClient();
  // A visitor: no session, so the lookup is not made.
  queryClient.setQueryData(queryKeys.user, null);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  // Never connects: nothing here runs effects.
  const realtime = createRealtimeClient({ queryClient, startAfter: new Promise<void>(() => {}) });
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider client={realtime}>
          <RouterProvider router={router} />
        </RealtimeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  queryClient.clear();
  // The router's scroll restoration writes an inline script for a server-rendered page: the site's CSP would refuse
  // it (script-src 'self'), and the client restores scrolling itself.
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '');
}

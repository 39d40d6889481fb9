import { renderToString } from 'react-dom/server';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { PageSeed } from '../contract/page-seed';
import { AppRoot } from './app-root';
import { applyPageSeed } from './lib/page-seed';
import { createQueryClient } from './lib/query-client';
import { queryKeys } from './lib/query-keys';
import { createRealtimeClient } from './lib/realtime';
import { FIRST_SCREEN_CARDS } from './features/listings/grid/property-grid';
import { createAppRouter } from './router';

/*
 * A page's first screen as HTML, rendered in Node (docs/decisions/0058) so its text and pictures paint with the HTML
 * instead of after the scripts: the public pages once at build time (scripts/prerender.ts), and a signed-in visitor's
 * /home per request, from the data the server already puts in its HTML (src/http/platform/server-render.ts). The client
 * renders the same over it once its router has loaded (src/web/main.tsx). Built by Vite for Node.
 */

/**
 * The pages a guest's HTML carries prerendered, and the address each is rendered at: each shows the same to every
 * visitor until its data arrives (/market its last 30 days, the period its bare address means).
 */
export const PRERENDERED_PAGES = [
  { path: '/', render: '/' },
  { path: '/market', render: '/market' },
] as const;

/** A guest's first screen of `path`: no session, so the lookup is not made. */
export function prerender(path: string): Promise<string> {
  return renderFirstScreen(path, (queryClient) => queryClient.setQueryData(queryKeys.user, null));
}

/** The pages a signed-in visitor's HTML carries rendered, from its seed (src/http/platform/page-seed.ts). */
export const SIGNED_IN_PAGES: readonly string[] = ['/home'];

/**
 * A signed-in visitor's first screen of `path` (one of SIGNED_IN_PAGES, with no query) from the answers its HTML
 * carries: what the client's first render shows with the same cache, so nothing is asked of the API here.
 */
export function renderSignedIn(path: string, seed: PageSeed): Promise<string> {
  const { listings } = seed;
  // The first screen's cards only (two rows of the widest grid): the rest lie below it, and their markup would cost
  // the phone parsing, style and layout before the scripts start. The client's first render shows the same eight, and
  // the rest once it has adopted these (src/web/lib/first-pass.tsx).
  const firstScreen =
    listings === undefined ? seed : { ...seed, listings: { ...listings, properties: listings.properties.slice(0, FIRST_SCREEN_CARDS), total: listings.total ?? listings.properties.length } };
  return renderFirstScreen(path, (queryClient) => applyPageSeed(queryClient, firstScreen));
}


// The signed-in header's bell is a lazy part: a render only starts loading it, and renderToString shows its
// placeholder, marked for the client to render instead (which React reports). Loaded once, by a first render whose
// markup is dropped, so every HTML carries the bell the client adopts once its own chunk is in.
let lazyPartsLoaded: Promise<void> | undefined;

async function renderFirstScreen(path: string, seed: (queryClient: QueryClient) => void): Promise<string> {
  if (SIGNED_IN_PAGES.includes(path)) {
    lazyPartsLoaded ??= renderOnce(path, seed).then(async () => {
      await import('./features/notifications/notification-bell');
      // React.lazy marks itself loaded in a callback of its own after the module's: a task later it has run.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await lazyPartsLoaded;
  }
  return renderOnce(path, seed);
}

async function renderOnce(path: string, seed: (queryClient: QueryClient) => void): Promise<string> {
  const queryClient = createQueryClient();
  seed(queryClient);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  // Never connects: nothing here runs effects.
  const realtime = createRealtimeClient({ queryClient, startAfter: new Promise<void>(() => {}) });
  const html = renderToString(<AppRoot queryClient={queryClient} realtime={realtime} router={router} />);
  queryClient.clear();
  // The router's scroll restoration writes an inline script for a server-rendered page: the site's CSP would refuse
  // it (script-src 'self'), and the client restores scrolling itself.
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '');
}

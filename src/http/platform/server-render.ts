import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageSeed } from '../../contract/page-seed';

/*
 * A signed-in visitor's /home rendered on the server, per request (docs/decisions/0058): its data is already here for
 * the page's seed (page-seed.ts), so the header, the first cards and the lead picture come in the HTML and paint before
 * the scripts have run; the client renders the same over it as it does over a guest's prerendered page. The renderer
 * is the web app built for Node (src/web/prerender.tsx), written by the client build (scripts/prerender.ts) to
 * dist/ssr beside dist/client, outside what the server serves.
 */

/** The Node build's folder, beside the client's, and its entry. */
export const SERVER_RENDER_DIR = 'ssr';
export const SERVER_RENDER_ENTRY = 'prerender.js';

/** What src/web/prerender.tsx exports for this. */
type RendererModule = { SIGNED_IN_PAGES: readonly string[]; renderSignedIn: (path: string, seed: PageSeed) => Promise<string> };

/** The first screen's markup for a signed-in page from its seed, or undefined for a page not rendered here. */
export type SignedInRenderer = (pathname: string, seed: PageSeed) => Promise<string | undefined>;

/**
 * The renderer built beside `clientDir`, loaded on first use; undefined when the build has none (the page then shows
 * the boot spinner until the scripts run, as before). A render that fails is logged and the spinner shown.
 */
export function loadSignedInRenderer(clientDir: string, onError: (error: unknown) => void): SignedInRenderer | undefined {
  const entry = join(clientDir, '..', SERVER_RENDER_DIR, SERVER_RENDER_ENTRY);
  if (!existsSync(entry)) return undefined;
  let loaded: Promise<RendererModule> | undefined;
  return async (pathname, seed) => {
    if (seed.user === null || seed.listings === undefined) return undefined;
    try {
      loaded ??= import(pathToFileURL(entry).href) as Promise<RendererModule>;
      const renderer = await loaded;
      if (!renderer.SIGNED_IN_PAGES.includes(pathname)) return undefined;
      return await renderer.renderSignedIn(pathname, seed);
    } catch (error) {
      onError(error);
      return undefined;
    }
  };
}

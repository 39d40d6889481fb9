import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { PRERENDERED_FILE, type Prerendered } from '../src/http/platform/prerendered.ts';
import { SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from '../src/http/platform/server-render.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(repoRoot, 'src/web/prerender.tsx');

type PrerenderModule = { PRERENDERED_PAGES: ReadonlyArray<{ path: string; render: string }>; prerender: (path: string) => Promise<string> };

/**
 * prerendered.json beside index.html: the public pages' first screen as a visitor's first render makes it, which the
 * server puts in a guest's HTML (src/http/platform/site.ts), so the page's text paints before its scripts have run
 * (docs/decisions/0058). After the client build, the same sources are built once more for Node (src/web/prerender.tsx)
 * and rendered with React's renderToString. That build stays, in dist/ssr beside the client's folder (not served):
 * the server renders a signed-in visitor's /home with it per request (src/http/platform/server-render.ts).
 */
export function prerender(): Plugin {
  let outDir = '';
  let configFile: string | undefined;
  let ssr = false;
  return {
    name: 'bidhome:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      configFile = config.configFile;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // The Node build below runs this plugin too.
      if (ssr) return;
      // Under the repository (dist/), so the built module finds the packages it imports in node_modules.
      const ssrDir = join(outDir, '..', SERVER_RENDER_DIR);
      await build({ configFile, logLevel: 'warn', build: { ssr: entry, outDir: ssrDir, emptyOutDir: true, minify: false, copyPublicDir: false } });
      const module = (await import(pathToFileURL(join(ssrDir, SERVER_RENDER_ENTRY)).href)) as PrerenderModule;
      const pages: Prerendered = {};
      for (const page of module.PRERENDERED_PAGES) pages[page.path] = await module.prerender(page.render);
      await writeFile(join(outDir, PRERENDERED_FILE), `${JSON.stringify(pages)}\n`);
    },
  };
}

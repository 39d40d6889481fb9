import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { PRERENDERED_FILE } from '../src/http/platform/prerendered.ts';
import { SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from '../src/http/platform/server-render.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(repoRoot, 'src/web/prerender.tsx');

const run = promisify(execFile);

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
      // In a process of its own: the packages the bundle imports read NODE_ENV when they load, and a server in this
      // process (a test's, which builds when the client is stale) loads them later under its own NODE_ENV.
      const render = [
        `const module = await import(${JSON.stringify(pathToFileURL(join(ssrDir, SERVER_RENDER_ENTRY)).href)});`,
        'const pages = {};',
        'for (const page of module.PRERENDERED_PAGES) pages[page.path] = await module.prerender(page.render);',
        `await (await import('node:fs/promises')).writeFile(${JSON.stringify(join(outDir, PRERENDERED_FILE))}, JSON.stringify(pages) + '\\n');`,
      ].join('\n');
      await run(process.execPath, ['--input-type=module', '-e', render], { env: { ...process.env, NODE_ENV: 'production' } });
    },
  };
}

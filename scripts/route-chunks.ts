import type { Plugin } from 'vite';
import { ROUTE_CHUNKS_FILE } from '../src/http/platform/route-preload.ts';

// The router plugin splits each route file's component into a chunk of its own, named after this module id.
const ROUTE_COMPONENT = /\/src\/web\/routes\/(.+)\.tsx\?tsr-split=component$/;

type OutputChunk = { type: 'chunk'; fileName: string; imports: string[]; isEntry: boolean; facadeModuleId: string | null };
type OutputAsset = { type: 'asset' };

/** Every file `fileName` needs before it runs: itself and its static imports, transitively. */
function staticGraph(bundle: Record<string, OutputChunk | OutputAsset>, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticGraph(bundle, imported, seen);
  return seen;
}

/**
 * For each route file (its id in the file tree, '_authenticated/home'), the scripts its screen needs that the entry
 * does not already bring: index.html preloads the entry's own, and the server adds a route's for the page asked
 * for (src/http/platform/route-preload.ts), so they download beside the entry instead of after it (docs/decisions/0058).
 */
export function routeChunks(): Plugin {
  return {
    name: 'bidhome:route-chunks',
    // Not for the prerender's Node build (scripts/prerender.ts), which nothing serves.
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<string, OutputChunk | OutputAsset>;
      const entryFiles = new Set<string>();
      for (const [fileName, chunk] of Object.entries(chunks)) {
        if (chunk.type === 'chunk' && chunk.isEntry) for (const file of staticGraph(chunks, fileName)) entryFiles.add(file);
      }
      const routes: Record<string, string[]> = {};
      for (const [fileName, chunk] of Object.entries(chunks)) {
        if (chunk.type !== 'chunk') continue;
        const routeId = ROUTE_COMPONENT.exec(chunk.facadeModuleId ?? '')?.[1];
        if (routeId === undefined) continue;
        routes[routeId] = [...staticGraph(chunks, fileName)].filter((file) => !entryFiles.has(file)).sort();
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: `${JSON.stringify(routes, null, 2)}\n` });
    },
  };
}

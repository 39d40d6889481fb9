import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Two folders deep, like src/http, so the server finds dist/client at the same relative address. */
export const SERVER_OUT_DIR = join(repoRoot, 'dist/server');

/**
 * Compiles the server (src/http/cli.ts and what it imports) to JavaScript in
 * dist/server/main.js, and the read-model rebuild beside it, so a production start runs plain node with no
 * TypeScript loader. Packages stay imports of node_modules; lazy imports (the
 * S3 and Stripe SDKs) stay lazy as chunks of their own.
 */
export async function buildServer(outDir: string = SERVER_OUT_DIR): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: repoRoot,
    // The rebuild goes along so an image without tsx can run it: node dist/server/projections-rebuild.js
    entryPoints: { main: 'src/http/cli.ts', 'projections-rebuild': 'scripts/projections-rebuild.ts' },
    outdir: outDir,
    bundle: true,
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();

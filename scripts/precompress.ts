import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text formats only: images and fonts in the bundle are compressed already.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/;
// Below this, the encoding headers cost about what compression saves.
const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build,
 * at the strongest levels: this runs once per build, and the static handler
 * then sends the smaller file to clients that accept it.
 */
export async function precompressFiles(dir: string, names: readonly string[]): Promise<void> {
  await Promise.all(
    names
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const path = join(dir, name);
        const bytes = await readFile(path);
        if (bytes.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        // A variant no smaller than the file would only cost a header.
        if (br.length < bytes.length) await writeFile(`${path}.br`, br);
        if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz);
      }),
  );
}

/** The vite side of precompressFiles: every file the build wrote, once it is on disk. */
export function precompress(): Plugin {
  return {
    name: 'bidhome:precompress',
    // Not for the prerender's Node build (scripts/prerender.ts), which nothing serves.
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    async writeBundle(options, bundle) {
      if (options.dir) await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}

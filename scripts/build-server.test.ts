import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the repository, so the compiled imports find node_modules as in dist/server.
const outDir = join(repoRoot, '.test-data', `server-build-${process.pid}`, 'server');

describe('the compiled server', () => {
  let dataDir = '';
  afterAll(async () => {
    await rm(dirname(outDir), { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts with plain node, no TypeScript loader, answers /healthz and imports production dependencies only', async () => {
    await buildServer(outDir);
    dataDir = await mkdtemp(join(tmpdir(), 'compiled-server-'));
    const child = spawn(process.execPath, [join(outDir, 'main.js')], {
      env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: dataDir, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-password' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const port = await new Promise<number>((resolvePort, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const listening = output.split('\n').find((line) => line.includes('"msg":"listening"'));
          if (listening) resolvePort((JSON.parse(listening) as { port: number }).port);
        });
        child.stderr.on('data', (chunk: Buffer) => reject(new Error(chunk.toString())));
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'ok' });
      // The image installs production dependencies only (npm ci --omit=dev).
      const dependencies = Object.keys((JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
      const imported = await packagesImportedBy(outDir);
      expect(imported).toContain('better-sqlite3');
      expect(imported.filter((name) => !dependencies.includes(name))).toEqual([]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 60_000);

  it('rebuilds the read models with plain node, over the log the server wrote', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(outDir, 'projections-rebuild.js')], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    });
    expect(stdout).toMatch(/^users: position \d+$/m);
    expect(stdout).toContain('rebuilt in');
  }, 30_000);
});

/** The packages the compiled files import, by package name. */
async function packagesImportedBy(dir: string): Promise<string[]> {
  const names = new Set<string>();
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.js'))) {
    const code = await readFile(join(dir, file), 'utf8');
    for (const [, specifier = ''] of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"'.][^"']*)["']/g)) {
      if (specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier));
    }
  }
  return [...names].sort();
}

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

  it('starts with plain node, no TypeScript loader, and answers /healthz', async () => {
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
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 60_000);
});

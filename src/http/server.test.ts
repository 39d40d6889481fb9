import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expected } from '../event-store/port';
import { loadEnv } from './env';
import { createMemoryLogger } from './platform/logger';
import { openEventStore, startServer } from './server';

describe('startServer', () => {
  it('serves on the embedded defaults, keeps the log and the session secret across restarts, and stops cleanly', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'server-'));
    const env = loadEnv({ PORT: '0', DATA_DIR: dir, ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'Root-passw0rd', ADMIN_EMAIL: 'root@example.com' });
    const logger = createMemoryLogger();

    const first = await startServer(env, logger);
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    const missing = await fetch(`${first.url}/api/missing`);
    expect(missing.status).toBe(404);
    await first.stop();
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();
    const secret = await readFile(join(dir, 'session-secret'), 'utf8');

    // Something was written between the two runs.
    const store = openEventStore(env);
    await store.append('s-1', [{ id: crypto.randomUUID(), type: 'Noted', data: {} }], expected.noStream);
    await store.close();

    // METRICS_TOKEN reaches the app: /metrics then answers only that bearer token.
    const token = 'metrics-token-0123456789abcdef';
    const second = await startServer(loadEnv({ PORT: '0', DATA_DIR: dir, METRICS_TOKEN: token }), logger);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${second.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${second.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await second.stop();
    const reopened = openEventStore(env);
    expect((await reopened.readStream('s-1')).map((e) => e.type)).toEqual(['Noted']);
    await reopened.close();
    expect(await readFile(join(dir, 'session-secret'), 'utf8')).toBe(secret);
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(logger.lines.map((line) => line.msg)).toContain('listening');
    await rm(dir, { recursive: true });
  });
});

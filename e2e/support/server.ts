import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureClientBuild } from '../../scripts/client-build';
import { loadEnv } from '../../src/http/env';
import { createMemoryLogger } from '../../src/http/platform/logger';
import { startServer } from '../../src/http/server';

export type TestServer = {
  url: string;
  dataDir: string;
  /** Stops the server and deletes its data; throws if the server logged errors meanwhile. */
  stop(): Promise<void>;
};

/** The whole product on the embedded backends, on a free port, with a fresh data folder. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  await ensureClientBuild();
  const dataDir = await mkdtemp(join(tmpdir(), 'bidhome-e2e-'));
  // Kept in memory: the server's JSON log lines would bury the test report.
  const logger = createMemoryLogger();
  let server;
  try {
    server = await startServer(loadEnv({ PORT: '0', DATA_DIR: dataDir, RATE_LIMITS: 'off', ...env }), logger);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = server;
  return {
    url: running.url,
    dataDir,
    async stop() {
      await running.stop();
      await rm(dataDir, { recursive: true, force: true });
      const errors = logger.lines.filter((line) => line.level === 'error');
      if (errors.length > 0) {
        throw new Error(`The server logged errors:\n${errors.map((line) => JSON.stringify(line)).join('\n')}`);
      }
    },
  };
}

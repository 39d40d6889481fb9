import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Env } from './env';
import type { Logger } from './platform/logger';
import { loadSessionSecret } from './session';

/** What a worker tells the primary once it serves: read models caught up, first administrator made. */
export const WORKER_READY = 'bidhome:worker-ready';

/** A worker that dies this soon after it started is restarted after a pause, so a crash loop does not spin. */
const QUICK_DEATH_MS = 10_000;
const RESTART_PAUSE_MS = 1000;

/** Called in a worker once its server is up. */
export function reportWorkerReady(): void {
  if (cluster.isWorker) process.send?.({ type: WORKER_READY });
}

/**
 * The primary of `WEB_CONCURRENCY=N npm start`: N app processes share the one
 * port (node:cluster hands each connection to one of them), and act as N nodes
 * on one DATA_DIR. Sockets are WebSocket only, so a socket's one connection
 * stays on one worker and no stickiness is needed.
 *
 * What the workers would otherwise race for is done first: the primary writes
 * the generated session secret, and the first worker starts alone (it creates
 * the log's tables and the first administrator) before the others. A worker
 * that dies is started again; SIGTERM or SIGINT stops every worker, each
 * letting its requests in flight finish.
 */
export async function runPrimary(env: Env, logger: Logger): Promise<void> {
  const dataDir = resolve(env.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  await loadSessionSecret(dataDir, env.SESSION_SECRET);

  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };
  const ready = (worker: Worker) =>
    new Promise<boolean>((resolveReady) => {
      const onMessage = (message: unknown) => {
        if ((message as { type?: unknown } | null)?.type !== WORKER_READY) return;
        worker.off('exit', onExit);
        resolveReady(true);
      };
      const onExit = () => {
        worker.off('message', onMessage);
        resolveReady(false);
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });

  logger.info('starting app processes', { count: env.WEB_CONCURRENCY, pid: process.pid });
  // Alone first: it prepares what every worker shares (tables, the first administrator).
  if (!(await ready(fork()))) {
    logger.error('the first app process stopped before serving; see its lines above');
    process.exit(1);
  }
  for (let i = 1; i < env.WEB_CONCURRENCY; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    logger.error('app process died; starting another', { pid: worker.process.pid, code, signal, livedMs: lived });
    setTimeout(() => {
      if (!stopping) fork();
    }, lived < QUICK_DEATH_MS ? RESTART_PAUSE_MS : 0);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      logger.info('stopping', { signal, processes: Object.keys(cluster.workers ?? {}).length });
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      let failed = false;
      void Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolveExit) => {
              worker.once('exit', (code) => {
                if (code !== 0) failed = true;
                resolveExit();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      ).then(() => process.exit(failed ? 1 : 0));
    });
  }
}

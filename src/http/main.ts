import cluster from 'node:cluster';
import { reportWorkerReady, runPrimary } from './cluster';
import { EnvError, loadEnv } from './env';
import { createJsonLogger } from './platform/logger';
import { startServer } from './server';

/** The process entry: validate the environment, start (or start N processes), and stop cleanly on SIGTERM/SIGINT. */
export async function main(): Promise<void> {
  const logger = createJsonLogger();
  let env;
  try {
    env = loadEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      for (const line of error.lines) process.stderr.write(`${line}\n`);
      process.exit(1);
    }
    throw error;
  }
  // WEB_CONCURRENCY=N: this process only starts and watches N app processes (src/http/cluster.ts).
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) return runPrimary(env, logger);
  const server = await startServer(env, logger);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info('stopping', { signal });
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('stop failed', { error });
          process.exit(1);
        },
      );
    });
  }
  reportWorkerReady();
}

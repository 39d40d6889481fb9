import { EnvError, loadEnv } from './env';
import { createJsonLogger } from './logger';
import { startServer } from './server';

/** The process entry: validate the environment, start, and stop cleanly on SIGTERM/SIGINT. */
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
}

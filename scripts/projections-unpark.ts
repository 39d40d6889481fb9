import { userInfo } from 'node:os';
import { ValidationError } from '../src/domain/shared/errors';
import { loadEnv } from '../src/http/env';
import { openEventStore, openReadStore } from '../src/http/server';
import { readModelsOf } from '../src/projections/read-models';
import { createProjections } from '../src/projections/registry';
import { unpark } from './unpark';

// Retries or skips the event a projection is parked on; every node follows the log and acts on it (docs/decisions/0062).
const env = loadEnv(process.env);
const eventStore = openEventStore(env);
const readStore = await openReadStore(env);
const models = readModelsOf(readStore);
models.use(await models.storedGeneration());
try {
  const done = await unpark(process.argv.slice(2), {
    eventStore,
    readStore: models,
    projections: createProjections().map((projection) => projection.name),
    by: process.env.OPERATOR ?? userInfo().username,
    now: () => new Date(),
  });
  process.stdout.write(`${done.type === 'RetryParkedEvent' ? 'retry' : 'skip'} of the event at position ${done.position} for ${done.projection} written to the log at position ${done.logPosition}; every node acts on it as it reaches it\n`);
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await eventStore.close();
  await readStore.close();
}

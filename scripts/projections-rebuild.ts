import { loadEnv } from '../src/http/env';
import { openEventStore, openReadStore } from '../src/http/server';
import { openPersonalKeys } from '../src/personal-data/open-keys';
import { withPersonalDataShredding } from '../src/personal-data/shredding-event-store';
import { openReadModels } from '../src/projections/read-models';
import { createProjections } from '../src/projections/registry';
import { createProjectionRunner } from '../src/projections/runner';

// Replays the whole log into a new generation of the read models, makes it
// current, and drops the old one once running nodes had time to follow (they
// look every second); safe while the app runs against MongoDB (docs/decisions/0031).
const env = loadEnv(process.env);
if (!env.MONGODB_URL) {
  process.stdout.write('Embedded read models live in memory and are rebuilt at every boot; replaying the log as a check.\n');
}
// Through the personal keys, as the app reads the log: an erased person's values replay as their stand-ins.
const personalKeys = await openPersonalKeys(env, env.DATA_DIR);
const eventStore = withPersonalDataShredding(openEventStore(env), personalKeys);
const readStore = await openReadStore(env);
const readModels = openReadModels(readStore);
const runner = createProjectionRunner({ eventStore, readStore: readModels, projections: createProjections() });
const started = performance.now();
await runner.rebuild();
await runner.stop();
for (const status of await runner.status()) {
  process.stdout.write(`${status.name}: position ${status.position ?? 'none'}\n`);
}
process.stdout.write(`rebuilt into generation ${readModels.generation} in ${Math.round(performance.now() - started)} ms\n`);
await eventStore.close();
await readStore.close();
await personalKeys.close();

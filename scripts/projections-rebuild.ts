import { loadEnv } from '../src/http/env';
import { openEventStore, openReadStore } from '../src/http/server';
import { createProjections } from '../src/projections/registry';
import { createProjectionRunner } from '../src/projections/runner';

// Drops every read model and replays the whole log into it. Run it with the
// app stopped, or while it runs against MongoDB (nodes follow the new checkpoints).
const env = loadEnv(process.env);
if (!env.MONGODB_URL) {
  process.stdout.write('Embedded read models live in memory and are rebuilt at every boot; replaying the log as a check.\n');
}
const eventStore = openEventStore(env);
const readStore = await openReadStore(env);
const runner = createProjectionRunner({ eventStore, readStore, projections: createProjections() });
const started = performance.now();
await runner.rebuild();
await runner.stop();
for (const status of await runner.status()) {
  process.stdout.write(`${status.name}: position ${status.position ?? 'none'}\n`);
}
process.stdout.write(`rebuilt in ${Math.round(performance.now() - started)} ms\n`);
await eventStore.close();
await readStore.close();

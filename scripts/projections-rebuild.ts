import { join } from 'node:path';
import { loadEnv } from '../src/http/env';
import { createMemoryLogger } from '../src/http/platform/logger';
import { createReadModelSnapshots } from '../src/http/platform/read-model-snapshots';
import { openEventStore, openReadStore, READ_MODEL_SNAPSHOT } from '../src/http/server';
import { openPersonalKeys } from '../src/personal-data/open-keys';
import { withPersonalDataShredding } from '../src/personal-data/shredding-event-store';
import type { EventStore } from '../src/event-store/port';
import { openReadModels } from '../src/projections/read-models';
import { createProjections } from '../src/projections/registry';
import { createProjectionRunner } from '../src/projections/runner';

// Replays the whole log into a new generation of the read models, makes it
// current, and drops the old one once no running node reports reading it (they
// look every second, and report what they read); safe while the app runs
// against MongoDB (docs/decisions/0031, 0062).
// With the embedded read models (in memory), the replay is written as the
// read-model snapshot the next start loads (docs/decisions/0052): stop the
// servers first, or the last one to stop writes its own over it.
const env = loadEnv(process.env);
// Through the personal keys, as the app reads the log: an erased person's values replay as their stand-ins.
const personalKeys = await openPersonalKeys(env, env.DATA_DIR);
const plainStore = openEventStore(env);
const eventStore = withPersonalDataShredding(plainStore, personalKeys);
const readStore = await openReadStore(env);
const readModels = openReadModels(readStore);
const projections = createProjections();

/** Reads the whole log a page at a time: the speed a replay could at best reach. */
async function readWhole(store: EventStore): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  let events = 0;
  for (let after: number | undefined; ; ) {
    const page = await store.readAll({ ...(after !== undefined ? { after } : {}), limit: 5000 });
    if (page.length === 0) break;
    events += page.length;
    after = page[page.length - 1]?.position;
  }
  return { events, ms: performance.now() - started };
}

const perSecond = (events: number, ms: number) => `${Math.round(events / (ms / 1000)).toLocaleString('en')} events/s`;
const raw = await readWhole(plainStore);
const opened = await readWhole(eventStore);
process.stdout.write(`read the log raw: ${raw.events} events in ${Math.round(raw.ms)} ms, ${perSecond(raw.events, raw.ms)}\n`);
process.stdout.write(`read with personal values opened: ${Math.round(opened.ms)} ms, ${perSecond(opened.events, opened.ms)}\n`);

const say = (message: string, fields?: Record<string, unknown>) => process.stdout.write(`${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`);
const runner = createProjectionRunner({ eventStore, readStore: readModels, projections, log: { info: say, warn: say, error: say } });
const started = performance.now();
const cpu = process.cpuUsage();
// In memory, this process's read models start empty: a start is the whole replay.
if (env.MONGODB_URL) await runner.rebuild();
else await runner.start();
await runner.stop();
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
// CPU time beside wall time: on a busy machine the wall time also counts other processes' turns.
const cpuMs = (used.user + used.system) / 1000;
for (const status of await runner.status()) {
  process.stdout.write(`${status.name}: position ${status.position ?? 'none'}\n`);
}
process.stdout.write(`rebuilt${env.MONGODB_URL ? ` into generation ${readModels.generation}` : ''} in ${Math.round(ms)} ms: ${perSecond(raw.events, ms)}, ${((100 * raw.ms) / ms).toFixed(0)}% of the raw read's speed (CPU ${Math.round(cpuMs)} ms)\n`);
if (!env.MONGODB_URL) {
  const snapshots = createReadModelSnapshots({ path: join(env.DATA_DIR, READ_MODEL_SNAPSHOT), eventStore, readStore: readModels, projections, logger: createMemoryLogger() });
  // Over whatever is there, even as far along: it may have been written by older code.
  const position = await snapshots.write(runner, { force: true });
  process.stdout.write(position === undefined ? 'no read-model snapshot written: the log is empty\n' : `read-model snapshot written at position ${position}\n`);
}
await eventStore.close();
await readStore.close();
await personalKeys.close();

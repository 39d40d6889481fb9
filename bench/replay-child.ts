import { join } from 'node:path';
import type { EventStore, RecordedEvent } from '../src/event-store/port';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { KEY_CACHE_MS } from '../src/personal-data/open-keys';
import { withKeyCache } from '../src/personal-data/keys';
import { PERSONAL_FIELDS, PERSONAL_METADATA } from '../src/personal-data/personal-fields';
import { withPersonalDataShredding } from '../src/personal-data/shredding-event-store';
import { createSqlitePersonalKeys } from '../src/personal-data/sqlite-keys';
import { openReadModels } from '../src/projections/read-models';
import { createProjections } from '../src/projections/registry';
import { createProjectionRunner } from '../src/projections/runner';
import { createMemoryReadStore } from '../src/read-store/memory';

/** What a child of bench/replay.ts measured, in a process of its own. */
export interface ReplayChildResult {
  mode: 'raw' | 'opened' | 'replay';
  events: number;
  ms: number;
  /** The process's CPU time over the same span (user and system): steadier than wall time on a shared machine. */
  cpuMs: number;
}

// argv: the mode ('raw': the log read whole; 'opened': the same through the personal-data decorator, as the app
// reads it; 'replay': every projection replays the whole log into empty read models in memory) and the data directory.
const [mode, dir] = process.argv.slice(2);
// Run alone (not forked), it prints what it measured.
if ((mode !== 'raw' && mode !== 'opened' && mode !== 'replay') || !dir) throw new Error('usage: replay-child.ts <raw|opened|replay> <dir>');

/**
 * Reads every personal value of an event: the decorator opens a value when it
 * is first read (docs/decisions/0067), so a read that reads none would open none.
 */
function readPersonalValues(event: RecordedEvent): number {
  let read = 0;
  const data = event.data as Record<string, unknown> | null;
  for (const field in PERSONAL_FIELDS[event.type]?.fields ?? {}) if (data?.[field] !== undefined) read += 1;
  for (const field in PERSONAL_METADATA) if (event.metadata[field] !== undefined) read += 1;
  return read;
}

/** Reads the whole log a page at a time, as the rebuild script's raw read does, and every personal value in it. */
async function readWhole(store: EventStore): Promise<number> {
  let events = 0;
  for (let after: number | undefined; ; ) {
    const page = await store.readAll({ ...(after !== undefined ? { after } : {}), limit: 5000 });
    if (page.length === 0) return events;
    for (const event of page) readPersonalValues(event);
    events += page.length;
    after = page[page.length - 1]?.position;
  }
}

const plain = createSqliteEventStore({ path: join(dir, 'events.db') });
const keys = withKeyCache(createSqlitePersonalKeys(join(dir, 'keys.db')), { ttlMs: KEY_CACHE_MS });
const opened = withPersonalDataShredding(plain, keys);
const started = performance.now();
const cpu = process.cpuUsage();
let events: number;
if (mode === 'replay') {
  const readStore = createMemoryReadStore();
  const runner = createProjectionRunner({ eventStore: opened, readStore: openReadModels(readStore), projections: createProjections() });
  await runner.start();
  await runner.stop();
  events = (await plain.headPosition()) ?? 0;
} else {
  events = await readWhole(mode === 'raw' ? plain : opened);
}
const used = process.cpuUsage(cpu);
const result: ReplayChildResult = { mode, events, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
await opened.close();
await keys.close();
if (process.send) process.send(result, () => process.exit(0));
else console.log(JSON.stringify(result));

import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLocalBlobStore } from '../src/blobs/local';
import { deriveFileUrlKey } from '../src/blobs/signed-url';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { composeApp } from '../src/http/compose';
import type { Logger } from '../src/http/platform/logger';
import { READ_MODEL_SNAPSHOT } from '../src/http/server';
import { createOutboxMailer } from '../src/mail/outbox';
import { readModelsOf } from '../src/projections/read-models';
import { createProjections } from '../src/projections/registry';
import { createMemoryReadStore, memoryDocuments } from '../src/read-store/memory';

/** What a child of bench/boot.ts measured, in a process that did nothing before, as a server's start has not. */
export type BootChildResult =
  | { mode: 'raw'; events: number; ms: number; rssBytes: number }
  | { mode: 'boot'; ms: number; rssBytes: number; restored: number; documents: number; snapshotWriteMs: number; allUsedMs: number; rssAllUsedBytes: number; sweptMs: number; longestBlockMs: number };

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

// argv: the mode ('raw': read the log whole; 'boot': start as the server does, then stop, writing the snapshot), the data
// directory, and 'decode-all' to decode every collection after the start, as once each was used.
const [mode, dataDir, flag] = process.argv.slice(2);
if ((mode !== 'raw' && mode !== 'boot') || !dataDir || !process.send) throw new Error('usage: forked with <raw|boot> <dir>');
const dir = dataDir;
const path = join(dir, 'events.db');

async function raw(): Promise<BootChildResult> {
  const store = createSqliteEventStore({ path });
  const started = performance.now();
  let events = 0;
  for (let after: number | undefined; ; ) {
    const page = await store.readAll({ ...(after !== undefined ? { after } : {}), limit: 5000 });
    if (page.length === 0) break;
    events += page.length;
    after = page[page.length - 1]?.position;
  }
  const ms = performance.now() - started;
  await store.close();
  return { mode: 'raw', events, ms, rssBytes: process.memoryUsage().rss };
}

async function boot(): Promise<BootChildResult> {
  const started = performance.now();
  const eventStore = createSqliteEventStore({ path });
  const readStore = createMemoryReadStore();
  const sessionSecret = 'bench-boot-secret-'.repeat(3);
  const composed = await composeApp({
    eventStore,
    readStore,
    mailer: createOutboxMailer({ dir: join(dir, 'outbox') }),
    logger: quiet,
    clock: () => new Date(),
    env: { publicUrl: 'http://localhost:3000', RATE_LIMITS: 'off', SUPPORT_EMAIL: undefined, ADMIN_EMAIL: undefined },
    sessionSecret,
    blobs: createLocalBlobStore({ dir: join(dir, 'uploads'), signingKey: deriveFileUrlKey(sessionSecret) }),
    snapshots: { path: join(dir, READ_MODEL_SNAPSHOT) },
  });
  const ms = performance.now() - started;
  const rssBytes = process.memoryUsage().rss;
  // The process managers' first sweeps go on after the start (their reads decode in slices, their pages yield):
  // how long until they are done, and the longest the event loop was held meanwhile, which a request would wait.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const sweepStarted = performance.now();
  await composed.processManagers.idle();
  const sweptMs = performance.now() - sweepStarted;
  delay.disable();
  const longestBlockMs = delay.max / 1e6;
  // What a start from the snapshot leaves for later: every collection decoded, as once each has been used.
  const usedStarted = performance.now();
  const models = readModelsOf(composed.deps.readStore);
  if (flag === 'decode-all') for (const name of createProjections().flatMap((projection) => projection.collections)) memoryDocuments(models.physical(name));
  const allUsedMs = performance.now() - usedStarted;
  const rssAllUsedBytes = process.memoryUsage().rss;
  // A clean shutdown, as the server's: the runner stops, then the snapshot is written.
  await composed.runner.stop();
  const writeStarted = performance.now();
  await composed.snapshots?.stop(composed.runner);
  const snapshotWriteMs = performance.now() - writeStarted;
  await composed.processManagers.stop();
  await eventStore.close();
  return { mode: 'boot', ms, rssBytes, restored: composed.restored?.restored.length ?? 0, documents: composed.restored?.documents ?? 0, snapshotWriteMs, allUsedMs, rssAllUsedBytes, sweptMs, longestBlockMs };
}

const result = mode === 'raw' ? await raw() : await boot();
process.send(result, () => process.exit(0));

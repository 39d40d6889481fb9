import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { createLocalBlobStore } from '../src/blobs/local';
import { deriveFileUrlKey } from '../src/blobs/signed-url';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { composeApp } from '../src/http/compose';
import type { Logger } from '../src/http/platform/logger';
import { createOutboxMailer } from '../src/mail/outbox';
import { createMemoryReadStore } from '../src/read-store/memory';
import type { SeedCounts, Seeded } from './listings-seed';
import type { Measurement } from './report';
import { percentile, printComparison, printLine, recordFigure } from './report';

const COUNTS = { homeowners: 500, listings: 10_000, realtors: 1_000, bids: 100_000 };
const PAGE = 24;
const SAMPLES = 2_000;
const ROUNDS = 10;
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Alternates baseline and subject in rounds, so neighbours' noise on the shared machine hits both alike. */
async function measurePair(labels: [string, string], baselineRun: (i: number) => Promise<unknown>, subjectRun: (i: number) => Promise<unknown>) {
  const baseline: Measurement = { label: labels[0], samplesMs: [], elapsedMs: 0 };
  const subject: Measurement = { label: labels[1], samplesMs: [], elapsedMs: 0 };
  const perRound = SAMPLES / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [m, run] of [[baseline, baselineRun], [subject, subjectRun]] as const) {
      const started = performance.now();
      for (let i = 0; i < perRound; i++) {
        const start = performance.now();
        await run(round * perRound + i);
        m.samplesMs.push(performance.now() - start);
      }
      m.elapsedMs += performance.now() - started;
    }
  }
  return [baseline, subject] as const;
}

/**
 * Writes the log in a process of its own, so that this one boots as a server
 * does: with none of the seeding's heap, garbage or compiled code.
 */
export function seedInChild(path: string, counts: SeedCounts, keysPath?: string): Promise<Seeded> {
  const child = fork(fileURLToPath(new URL('./listings-seed-child.ts', import.meta.url)), [path, JSON.stringify(counts), ...(keysPath ? [keysPath] : [])]);
  return new Promise((resolve, reject) => {
    child.once('message', (seeded) => resolve(seeded as Seeded));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`seeding exited with ${code} before answering`)));
  });
}

/**
 * 10,000 listings and 100,000 bids in the embedded store: boot with the read
 * models rebuilt (composed as the server composes the app), then pages of
 * GET /api/properties against a bare Hono JSON route in the same process.
 */
export async function benchListings(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-listings-'));
  try {
    const path = join(dir, 'events.db');
    const seedStart = performance.now();
    const seeded = await seedInChild(path, COUNTS);
    printLine(`\n## listings: ${seeded.listings} listings, ${seeded.bids} bids, ${seeded.events} events written in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const rssBefore = process.memoryUsage().rss;
    const bootStart = performance.now();
    const eventStore = createSqliteEventStore({ path });
    const readStore = createMemoryReadStore();
    const sessionSecret = 'bench-listings-secret-'.repeat(3);
    const { app, runner, sessions } = await composeApp({
      eventStore,
      readStore,
      mailer: createOutboxMailer({ dir: join(dir, 'outbox') }),
      logger: quiet,
      clock: () => new Date(),
      env: { publicUrl: 'http://localhost:3000', RATE_LIMITS: 'off', SUPPORT_EMAIL: undefined, ADMIN_EMAIL: undefined },
      sessionSecret,
      blobs: createLocalBlobStore({ dir: join(dir, 'uploads'), signingKey: deriveFileUrlKey(sessionSecret) }),
    });
    const bootMs = performance.now() - bootStart;
    const rss = process.memoryUsage().rss;
    printLine(`  boot with read-model rebuild: ${(bootMs / 1000).toFixed(2)} s (aim <= 5 s); resident memory ${mib(rss)} (${mib(rss - rssBefore)} more than before the boot)`);
    recordFigure({
      name: `first start (no snapshot): replay of ${seeded.events.toLocaleString('en')} events in this process`,
      value: `${(bootMs / 1000).toFixed(2)} s, ${Math.round(seeded.events / (bootMs / 1000)).toLocaleString('en')} events/s, ${mib(rss)}`,
      aim: '<= 5 s',
      met: bootMs <= 5000,
    });

    const cookie = `session=${await sessions.issue({ kind: 'user', subject: seeded.realtorId, role: 'realtor', version: 0 })}`;
    const get = (path: string) => app.request(path, { headers: { cookie } });
    type Page = { properties: Array<{ bidCount: number }>; nextCursor: string | null };

    // Every cursor of the home page, so deep pages are measured too.
    const cursors: Array<string | null> = [null];
    let bidTotal = 0;
    for (let cursor: string | null = null; ; ) {
      const page = (await (await get(`/api/properties?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`)).json()) as Page;
      bidTotal += page.properties.reduce((sum, p) => sum + p.bidCount, 0);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
      cursors.push(cursor);
    }
    printLine(`  ${cursors.length} pages of ${PAGE}; bid counts on them add up to ${bidTotal}`);

    const sample = ((await (await get(`/api/properties?limit=${PAGE}`)).json()) as Page).properties;
    const bare = new Hono().get('/api/properties', (c) => c.json({ properties: sample, nextCursor: 'x' }));
    const pathFor = (i: number) => (i % 2 === 0 ? `/api/properties?limit=${PAGE}` : `/api/properties?limit=${PAGE}&cursor=${cursors[(i * 7919) % cursors.length] ?? ''}`);
    const [baseline, subject] = await measurePair(
      ['bare Hono JSON route, same page of 24 prebuilt', 'GET /api/properties page of 24 (first and random cursors), session checked'],
      async () => (await bare.request('/api/properties')).arrayBuffer(),
      async (i) => (await get(pathFor(i))).arrayBuffer(),
    );
    printComparison(`listings: GET /api/properties, ${seeded.listings} listings, ${seeded.bids} bids`, baseline, subject, 'page p99 <= 30 ms');
    const first: number[] = subject.samplesMs.filter((_, i) => i % 2 === 0);
    printLine(`  first page only: p50 ${percentile(first, 50).toFixed(3)} ms, p99 ${percentile(first, 99).toFixed(3)} ms`);

    await benchFilteredPages(get, bare);

    await runner.stop();
    await eventStore.close();
    await readStore.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}


/**
 * /home's searches (docs/decisions/0036-listing-search.md) at the same 10,000
 * listings: common filters in each order, first and deeper pages, and the
 * worst cases, a search or state that matches little or nothing, so every
 * listing is walked and counted. The seed's listings cycle through the four
 * types with bedrooms 2-5 and bathrooms 1-3, all at 'N Main Street, Toronto',
 * all ending in 2030 (so 'closing' matches none).
 */
async function benchFilteredPages(get: (path: string) => Response | Promise<Response>, bare: { request: (path: string) => Response | Promise<Response> }): Promise<void> {
  type Page = { properties: unknown[]; nextCursor: string | null; total?: number };
  const SEARCHES: Array<[string, string]> = [
    ['type and bedrooms, ending soon', 'propertyType=condo&minBedrooms=3&sort=ending'],
    ['open houses, newest', 'propertyType=house&state=open'],
    ['bathrooms, fewest bids', 'minBathrooms=2&sort=fewest_bids'],
    ['text in 1 of 100 addresses, fewest bids', 'search=12%20main%20street&sort=fewest_bids'],
    ['text matching nothing', 'search=nowhere%20lane'],
    ['closing within 24 h: none', 'state=closing&sort=ending'],
  ];
  // Each search's first page and every later page's cursor.
  const paths: string[][] = [];
  for (const [label, query] of SEARCHES) {
    const mine = [`/api/properties?limit=${PAGE}&${query}`];
    let total = 0;
    for (let cursor: string | null = null, pages = 0; pages < 200; pages++) {
      const page = (await (await get(`/api/properties?limit=${PAGE}&${query}${cursor ? `&cursor=${cursor}` : ''}`)).json()) as Page;
      // Only the first page counts.
      if (pages === 0) total = page.total ?? Number.NaN;
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
      mine.push(`/api/properties?limit=${PAGE}&${query}&cursor=${cursor}`);
    }
    printLine(`  ${label} (${query}): ${total} matches, ${mine.length} pages`);
    paths.push(mine);
  }
  // Half first pages, half random later pages, of every search in turn.
  const pathFor = (i: number) => {
    const mine = paths[i % paths.length] ?? [];
    return Math.floor(i / paths.length) % 2 === 0 ? (mine[0] ?? '') : (mine[(i * 7919) % mine.length] ?? '');
  };
  const [baseline, subject] = await measurePair(
    ['bare Hono JSON route, same page of 24 prebuilt', 'GET /api/properties filtered page of 24 (6 searches; first pages with their total, and random cursors)'],
    async () => (await bare.request('/api/properties')).arrayBuffer(),
    async (i) => (await get(pathFor(i))).arrayBuffer(),
  );
  printComparison('listings: filtered GET /api/properties, 10,000 listings', baseline, subject, 'filtered page p99 <= 30 ms');
  SEARCHES.forEach(([label], s) => {
    const mine = subject.samplesMs.filter((_, i) => i % SEARCHES.length === s);
    printLine(`  ${label}: p50 ${percentile(mine, 50).toFixed(3)} ms, p99 ${percentile(mine, 99).toFixed(3)} ms`);
  });
}

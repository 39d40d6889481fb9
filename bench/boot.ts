import { fork } from 'node:child_process';
import { access, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { READ_MODEL_SNAPSHOT } from '../src/http/server';
import type { BootChildResult } from './boot-child';
import type { SeedCounts } from './listings-seed';
import { seedInChild } from './listings';
import { printLine, recordFigure } from './report';

/** The listings benchmark's log (113,500 events), and one of 1,000,000 events of the same kinds. */
const SIZES: Array<{ key: string; counts: SeedCounts; aimSeconds: number; aimRawTimes?: number }> = [
  { key: '113k', counts: { homeowners: 500, listings: 10_000, realtors: 1_000, bids: 100_000, live: true }, aimSeconds: 3, aimRawTimes: 2 },
  { key: '1m', counts: { homeowners: 4_400, listings: 88_000, realtors: 8_800, bids: 881_200, live: true }, aimSeconds: 5 },
];

/*
 * BENCH_BOOT_SIZES=1m runs one size (113k, 1m; both by default).
 * BENCH_BOOT_CACHE=dir keeps each size's log (and its snapshot) under dir/<size>-live
 * between runs: the million-event log takes many minutes to write, and its
 * first start to replay; a run that finds them there starts from them.
 */
const only = process.env.BENCH_BOOT_SIZES?.split(',');
const cache = process.env.BENCH_BOOT_CACHE;

const exists = (path: string) => access(path).then(
  () => true,
  () => false,
);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perSecond = (events: number, ms: number) => `${Math.round(events / (ms / 1000)).toLocaleString('en')} events/s`;

/** Runs bench/boot-child.ts in a process of its own: each start is measured as a server's first moments are. */
function inChild<M extends BootChildResult['mode']>(mode: M, dir: string, ...flags: string[]): Promise<Extract<BootChildResult, { mode: M }>> {
  const child = fork(fileURLToPath(new URL('./boot-child.ts', import.meta.url)), [mode, dir, ...flags]);
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as Extract<BootChildResult, { mode: M }>));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code} before answering`)));
  });
}

/**
 * Starts of the embedded default (SQLite log, read models in memory) beside a
 * raw read of the same log in the same run: the first start replays the whole
 * log and writes the read-model snapshot as it stops cleanly; the next start
 * loads the snapshot and replays only what came after it (docs/decisions/0052).
 */
export async function benchBoot(): Promise<void> {
  for (const { key, counts, aimSeconds, aimRawTimes } of SIZES.filter((size) => !only || only.includes(size.key))) {
    // `-live`: the log a running node writes (its bid mails recorded sent); a cache of the seed before that is not reused.
    const dir = cache ? join(cache, `${key}-live`) : await mkdtemp(join(tmpdir(), 'bench-boot-'));
    try {
      const seedStart = performance.now();
      const kept = cache !== undefined && (await exists(join(dir, 'events.db')));
      if (!kept) {
        await mkdir(dir, { recursive: true });
        await seedInChild(join(dir, 'events.db'), counts);
      }
      const raw = await inChild('raw', dir);
      const events = raw.events.toLocaleString('en');
      printLine(`\n## start with ${events} events (${kept ? `kept in ${dir}` : `written in ${seconds(performance.now() - seedStart)}`})`);
      printLine(`  raw read of the log, pages of 5,000: ${seconds(raw.ms)}, ${perSecond(raw.events, raw.ms)}`);
      const first = await inChild('boot', dir);
      const { size } = await stat(join(dir, READ_MODEL_SNAPSHOT));
      printLine(`  first start, ${first.restored > 0 ? 'from the snapshot kept there' : 'whole log replayed'}: ${seconds(first.ms)}, ${perSecond(raw.events, first.ms)} (${((100 * raw.ms) / first.ms).toFixed(0)}% of the raw read's speed), resident ${mib(first.rssBytes)}`);
      printLine(`  snapshot written at the clean shutdown: ${seconds(first.snapshotWriteMs)}, ${mib(size)}`);
      const again = await inChild('boot', dir, 'decode-all');
      printLine(`  start from the snapshot: ${seconds(again.ms)} (${(again.ms / raw.ms).toFixed(2)}x the raw read), ${again.documents.toLocaleString('en')} documents of ${again.restored} projections loaded, resident ${mib(again.rssBytes)}`);
      printLine(`  the process managers' first sweeps done ${seconds(again.sweptMs)} after that, the event loop held at most ${again.longestBlockMs.toFixed(0)} ms at a time meanwhile`);
      printLine(`  then every collection decoded, as once each was used: ${seconds(again.allUsedMs)} more, resident ${mib(again.rssAllUsedBytes)}`);

      if (first.restored === 0) recordFigure({ name: `replay, ${events} events (a first start)`, value: `${perSecond(raw.events, first.ms)}; raw read ${perSecond(raw.events, raw.ms)}`, aim: 'reported: events/s beside the raw read', met: undefined });
      const aim = `<= ${aimSeconds} s${aimRawTimes ? ` and <= ${aimRawTimes}x the raw read` : ''}`;
      const met = again.ms <= aimSeconds * 1000 && (aimRawTimes === undefined || again.ms <= aimRawTimes * raw.ms);
      recordFigure({ name: `start after a clean shutdown, ${events} events`, value: `${seconds(again.ms)} (${(again.ms / raw.ms).toFixed(2)}x the raw read), ${mib(again.rssBytes)}`, aim, met });
    } finally {
      if (!cache) await rm(dir, { recursive: true, force: true });
    }
  }
}

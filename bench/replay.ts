import { execFile, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedCounts } from './listings-seed';
import { seedInChild } from './listings';
import type { ReplayChildResult } from './replay-child';
import { printLine, recordFigure } from './report';

/** The listings benchmark's log (113,500 events), its personal values sealed as the app writes them. */
const COUNTS: SeedCounts = { homeowners: 500, listings: 10_000, realtors: 1_000, bids: 100_000 };
/** BENCH_REPLAY_SCALE=0.25 writes a quarter of it (a quicker run while working on the replay). */
const SCALE = Number(process.env.BENCH_REPLAY_SCALE ?? '1');
/** The share of the raw read's speed a replay aims at (issue 26 item 3). */
const AIM_SHARE = 0.25;

const perSecond = (events: number, ms: number) => Math.round(events / (ms / 1000));
const rate = (events: number, ms: number) => `${perSecond(events, ms).toLocaleString('en')} events/s`;

/*
 * BENCH_PROFILE=dir writes a CPU profile of each child (node --cpu-prof) into dir.
 */
const profileDir = process.env.BENCH_PROFILE;
const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

/*
 * BENCH_REPLAY_BASELINE=tree also replays the same log with the code of another
 * checkout (its bench/replay-child.ts and scripts/projections-rebuild.ts), in
 * turn with this one's: a before and after in one run.
 */
const baseline = process.env.BENCH_REPLAY_BASELINE;

function inChild(mode: ReplayChildResult['mode'], dir: string, tree?: string): Promise<ReplayChildResult> {
  const path = tree ? join(tree, 'bench/replay-child.ts') : fileURLToPath(new URL('./replay-child.ts', import.meta.url));
  const child = fork(path, [mode, dir], { execArgv: [...process.execArgv, ...profiling] });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as ReplayChildResult));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code} before answering`)));
  });
}

/** `npm run projections:rebuild` on the embedded setup, as an operator runs it; its own line says how long the replay took. */
function rebuildScript(dir: string, tree?: string): Promise<{ ms: number; cpuMs: number | undefined; output: string }> {
  const script = tree ? join(tree, 'scripts/projections-rebuild.ts') : fileURLToPath(new URL('../scripts/projections-rebuild.ts', import.meta.url));
  const env = { ...process.env, DATA_DIR: dir, MONGODB_URL: '', EVENTSTORE_URL: '' };
  return new Promise((resolve, reject) => {
    // This process's own flags load TypeScript (tsx), as `npm run` would.
    execFile(process.execPath, [...process.execArgv, ...profiling, script], { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`projections:rebuild failed: ${error.message}\n${stderr}`));
      const ms = /rebuilt in (\d+) ms/.exec(stdout)?.[1];
      if (!ms) return reject(new Error(`projections:rebuild printed no time:\n${stdout}`));
      const cpuMs = /\(CPU (\d+) ms\)/.exec(stdout)?.[1];
      resolve({ ms: Number(ms), cpuMs: cpuMs === undefined ? undefined : Number(cpuMs), output: stdout });
    });
  });
}

/**
 * A replay of the whole log (a first start, `npm run projections:rebuild`, a
 * projection whose version changed) beside a raw read of the same log in the
 * same run (docs/decisions/0067): the raw read, the read with personal values
 * opened (and what opening costs per event), every projection replaying into
 * the read models in memory, and the rebuild script. Each in a process of its own.
 */
export async function benchReplay(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-replay-'));
  try {
    const counts = Object.fromEntries(Object.entries(COUNTS).map(([key, value]) => [key, Math.max(1, Math.round(value * SCALE))])) as unknown as SeedCounts;
    const seedStart = performance.now();
    const seeded = await seedInChild(join(dir, 'events.db'), counts, join(dir, 'keys.db'));
    printLine(`\n## replay of ${seeded.events.toLocaleString('en')} events, personal values sealed (written in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);
    const raw = await inChild('raw', dir);
    const opened = await inChild('opened', dir);
    const before = baseline ? await inChild('replay', dir, baseline) : undefined;
    const replay = await inChild('replay', dir);
    const rebuildBefore = baseline ? await rebuildScript(dir, baseline) : undefined;
    const rebuild = await rebuildScript(dir);
    const events = raw.events;
    const share = (ms: number) => raw.ms / ms;
    const openUs = ((opened.ms - raw.ms) * 1000) / events;
    // CPU time beside wall time: on a shared machine the wall time also counts the neighbours' turns.
    const cpu = (child: { cpuMs?: number | undefined }) => (child.cpuMs === undefined ? 'CPU not printed' : `CPU ${Math.round(child.cpuMs)} ms, ${rate(events, child.cpuMs)} of CPU`);
    printLine(`  raw read of the log, pages of 5,000: ${Math.round(raw.ms)} ms, ${rate(events, raw.ms)}; ${cpu(raw)}`);
    printLine(`  read with personal values opened: ${Math.round(opened.ms)} ms, ${rate(events, opened.ms)}; ${cpu(opened)}; opening costs ${openUs.toFixed(1)} µs an event (${(((opened.cpuMs - raw.cpuMs) * 1000) / events).toFixed(1)} µs of CPU)`);
    printLine(`  replay into the read models in memory: ${Math.round(replay.ms)} ms, ${rate(events, replay.ms)} (${(100 * share(replay.ms)).toFixed(0)}% of the raw read's speed); ${cpu(replay)} (${((100 * raw.cpuMs) / replay.cpuMs).toFixed(0)}% of the raw read's)`);
    printLine(`  npm run projections:rebuild: ${rebuild.ms} ms, ${rate(events, rebuild.ms)} (${(100 * share(rebuild.ms)).toFixed(0)}% of the raw read's speed); ${cpu(rebuild)}`);
    if (before && rebuildBefore) {
      printLine(`  before, ${baseline}: replay ${Math.round(before.ms)} ms, ${rate(events, before.ms)} (${(100 * share(before.ms)).toFixed(0)}%), ${cpu(before)}; rebuild ${rebuildBefore.ms} ms, ${rate(events, rebuildBefore.ms)} (${(100 * share(rebuildBefore.ms)).toFixed(0)}%), ${cpu(rebuildBefore)}`);
    }
    const size = `${events.toLocaleString('en')} events`;
    const aim = `ratio >= ${AIM_SHARE} of the raw read`;
    recordFigure({ name: `raw read of the log, ${size}`, value: rate(events, raw.ms), aim: 'reported (the baseline)', met: undefined });
    recordFigure({ name: `opening sealed personal values, ${size}`, value: `${openUs.toFixed(1)} µs an event (${(((opened.cpuMs - raw.cpuMs) * 1000) / events).toFixed(1)} µs of CPU); ratio ${share(opened.ms).toFixed(2)} of the raw read`, aim: 'reported', met: undefined });
    recordFigure({
      name: `replay into the read models in memory, ${size}`,
      value: `${rate(events, replay.ms)}; ratio ${share(replay.ms).toFixed(2)} of the raw read (of its CPU time: ${(raw.cpuMs / replay.cpuMs).toFixed(2)})`,
      aim,
      met: share(replay.ms) >= AIM_SHARE,
    });
    const rebuildCpu = rebuild.cpuMs === undefined ? '' : ` (of its CPU time: ${(raw.cpuMs / rebuild.cpuMs).toFixed(2)})`;
    recordFigure({ name: `npm run projections:rebuild, ${size}`, value: `${rate(events, rebuild.ms)}; ratio ${share(rebuild.ms).toFixed(2)} of the raw read${rebuildCpu}`, aim, met: share(rebuild.ms) >= AIM_SHARE });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

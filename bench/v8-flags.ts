import { spawnSync } from 'node:child_process';

/**
 * The V8 flags the server runs under (package.json's `start`, the
 * Dockerfile's `CMD`; docs/decisions/0066): a young generation of up to 64 MiB
 * (two semi-spaces of 32 MiB) instead of V8's 32 MiB.
 */
export const SERVER_V8_FLAGS = ['--max-semi-space-size=32'];

/**
 * Runs this bench again, in a child process, under the server's V8 flags when
 * it was started without them, and exits with its code: what the bench
 * measures is the server as it runs, and the bare route measured beside it in
 * the same process runs under the same flags. The processes the benches start
 * (`fork`) inherit them. `BENCH_V8_DEFAULTS=1` keeps V8's defaults, to compare.
 */
export function rerunUnderServerFlags(): void {
  const missing = SERVER_V8_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0 || process.env.BENCH_V8_DEFAULTS === '1') return;
  const run = spawnSync(process.execPath, [...process.execArgv, ...missing, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

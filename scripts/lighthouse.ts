import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import { seedAdmin, seedMarketplace } from './lighthouse-seed';

/*
 * `npm run lighthouse`: Lighthouse's performance audit of /, /market and /home (a signed-in realtor) under its mobile
 * preset and its desktop one, against the production build served as `npm start` serves it, on a fresh DATA_DIR
 * seeded with listings that have uploaded photos. Prints one table with the aims of issue 29 (docs/decisions/0058).
 * Not part of `npm test`: scores move with the machine's load, so nothing asserts them.
 *
 *   npm run lighthouse                 one run of each page and preset
 *   npm run lighthouse -- --runs 3     three runs each; the table shows the median by score
 *   npm run lighthouse -- --only /home --preset mobile
 *   npm run lighthouse -- --compare /path/to/other/checkout --runs 3
 *                                      the same against another checkout of the product (its own build and data),
 *                                      the two audited in turn page by page (this one first, then the other first),
 *                                      so a loaded machine weighs on both alike; one table each
 *
 * CHROME_PATH picks the browser (default /usr/bin/chromium). Reports are written to .test-data/lighthouse/.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = join(repoRoot, '.test-data', 'lighthouse');

type Preset = 'mobile' | 'desktop';
type Aim = { score: number; lcpMs?: number; tbtMs?: number };
const PAGES: Array<{ path: string; signedIn: boolean; aim: Aim }> = [
  { path: '/', signedIn: false, aim: { score: 95 } },
  { path: '/market', signedIn: false, aim: { score: 90 } },
  { path: '/home', signedIn: true, aim: { score: 90, lcpMs: 2500, tbtMs: 200 } },
];
const CLS_AIM = 0.1;

type Row = { path: string; preset: Preset; score: number; lcpMs: number; tbtMs: number; cls: number; aim: Aim; benchmarkIndex: number };

const log = (line: string) => process.stdout.write(`${line}\n`);

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Math.max(1, Number(option('--runs') ?? 1));
const only = option('--only');
const compareRoot = option('--compare') === undefined ? undefined : resolve(option('--compare') as string);
const presets: Preset[] = option('--preset') === 'mobile' ? ['mobile'] : option('--preset') === 'desktop' ? ['desktop'] : ['mobile', 'desktop'];

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `npm start` (scripts/start.ts: builds the client when stale, then serves it) on a fresh data folder. */
async function startProduct(dataDir: string, root = repoRoot): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      // The seeding registers and uploads faster than a person could.
      RATE_LIMITS: 'off',
      ADMIN_USERNAME: seedAdmin.username,
      ADMIN_PASSWORD: seedAdmin.password,
      ADMIN_EMAIL: seedAdmin.email,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    for (const line of chunk.toString().split('\n')) if (line !== '' && !line.startsWith('{')) log(`  ${line}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return { url, child };
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 5 * 60_000) throw new Error(`The server did not answer within 5 minutes:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

async function audit(port: number, url: string, preset: Preset, cookie: string | null): Promise<RunnerResult> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie === null ? {} : { extraHeaders: { Cookie: cookie } }),
  };
  // A trace now and then comes back unusable on a busy machine (NO_NAVSTART): the page is audited again.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { runtimeError } = result.lhr;
    if (runtimeError === undefined) return result;
    if (attempt === 3) throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.code} ${runtimeError.message}`);
    log(`  (${url}: ${runtimeError.code}, once more)`);
  }
}

function rowOf(path: string, preset: Preset, aim: Aim, { lhr }: RunnerResult): Row {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    path,
    preset,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    aim,
    // Lighthouse's measure of this machine's speed at the time: the CPU-bound figures (TBT) move with it.
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

function table(rows: Row[]): string {
  const lines = [
    '| Page | Preset | Score | LCP | TBT | CLS | Aim |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    // The aims are the mobile preset's; desktop rows are shown against the same bar.
    const scoreOk = row.score >= row.aim.score;
    const lcpOk = row.aim.lcpMs === undefined || row.lcpMs <= row.aim.lcpMs;
    const tbtOk = row.aim.tbtMs === undefined || row.tbtMs <= row.aim.tbtMs;
    const clsOk = row.cls <= CLS_AIM;
    const aim = [`≥ ${row.aim.score}`, row.aim.lcpMs === undefined ? null : `LCP ≤ ${row.aim.lcpMs / 1000} s`, row.aim.tbtMs === undefined ? null : `TBT ≤ ${row.aim.tbtMs} ms`, `CLS ≤ ${CLS_AIM}`]
      .filter((part) => part !== null)
      .join(', ');
    // '–' where the page has no aim for that figure.
    const lcpMark = row.aim.lcpMs === undefined ? '–' : mark(lcpOk);
    const tbtMark = row.aim.tbtMs === undefined ? '–' : mark(tbtOk);
    lines.push(
      `| ${row.path} | ${row.preset} | ${row.score} ${mark(scoreOk)} | ${(row.lcpMs / 1000).toFixed(1)} s ${lcpMark} | ${Math.round(row.tbtMs)} ms ${tbtMark} | ${row.cls.toFixed(3)} ${mark(clsOk)} | ${aim} |`,
    );
  }
  return lines.join('\n');
}

function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)] as Row;
}

async function lighthouseVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** Stops a product and deletes its data once it has exited (it may still be writing when told to stop). */
async function stopProduct(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((wait) => setTimeout(wait, 10_000))]);
  }
  await rm(dataDir, { recursive: true, force: true });
}

type Product = { label: string; server: { url: string; child: ChildProcess }; dataDir: string; realtorCookie: string; rows: Row[]; tries: Row[] };

async function startSeeded(label: string, root: string): Promise<Product> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bidhome-lighthouse-'));
  log(`Starting the product (npm start) in ${root} on a fresh DATA_DIR...`);
  const server = await startProduct(dataDir, root).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const { realtorCookie } = await seedMarketplace(server.url, log);
    return { label, server, dataDir, realtorCookie, rows: [], tries: [] };
  } catch (error) {
    await stopProduct(server.child, dataDir);
    throw error;
  }
}

async function main(): Promise<void> {
  const products: Product[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    products.push(await startSeeded('this checkout', repoRoot));
    if (compareRoot !== undefined) products.push(await startSeeded(compareRoot, compareRoot));
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    });
    await mkdir(reportDir, { recursive: true });
    for (const page of PAGES.filter((candidate) => only === undefined || candidate.path === only)) {
      for (const preset of presets) {
        for (const product of products) product.tries = [];
        for (let run = 1; run <= runs; run += 1) {
          // In turn, each product first every other run.
          const order = run % 2 === 1 ? products : [...products].reverse();
          for (const [index, product] of order.entries()) {
            const result = await audit(chrome.port, `${product.server.url}${page.path}`, preset, page.signedIn ? product.realtorCookie : null);
            const row = rowOf(page.path, preset, page.aim, result);
            product.tries.push(row);
            const which = product === products[0] ? '' : '-compare';
            const name = `${page.path === '/' ? 'landing' : page.path.slice(1)}-${preset}-${run}${which}.json`;
            await writeFile(join(reportDir, name), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
            const tag = products.length > 1 ? ` [${product.label}${index === 0 ? ', first' : ''}]` : '';
            log(`  ${page.path} ${preset} run ${run}${tag}: ${row.score} (LCP ${Math.round(row.lcpMs)} ms, TBT ${Math.round(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)})`);
          }
        }
        for (const product of products) product.rows.push(median(product.tries));
      }
    }
    for (const product of products) {
      log('');
      if (products.length > 1) log(`${product.label}:`);
      log(table(product.rows));
    }
    const benchmarks = products.flatMap((product) => product.rows.map((row) => row.benchmarkIndex));
    log(`\nLighthouse ${await lighthouseVersion()}, Chromium at ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}, ${runs} run(s) each, median by score`);
    log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}, benchmarkIndex ${Math.min(...benchmarks).toFixed(0)}–${Math.max(...benchmarks).toFixed(0)}`);
    log(`Reports: ${reportDir}`);
  } finally {
    await chrome?.kill();
    for (const product of products) await stopProduct(product.server.child, product.dataDir);
  }
}

await main();

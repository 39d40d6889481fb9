import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(repoRoot, 'dist');
const outDir = join(distDir, 'client');
// Beside dist/client, not in it: the server serves that folder to the world.
const stampFile = join(distDir, 'client-build.json');
const lockFile = join(distDir, 'client-build.lock');
const sources = [join(repoRoot, 'src/web'), join(repoRoot, 'vite.config.ts'), join(repoRoot, 'package-lock.json')];

const STALE_LOCK_MS = 5 * 60_000;
const LOCK_POLL_MS = 250;

export type ClientBuildOptions = { force?: boolean; log?: (line: string) => void };

// Calls in one process share the build in flight (parallel test files, say).
let inFlight: Promise<void> | null = null;

export function ensureClientBuild(options: ClientBuildOptions = {}): Promise<void> {
  inFlight ??= ensureClientBuildOnce(options).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function ensureClientBuildOnce({ force = false, log = () => {} }: ClientBuildOptions): Promise<void> {
  if (!force && (await isFresh())) return;
  // Several engineers and test runs share one tree: one build at a time, and a
  // waiter re-checks freshness because the holder may just have built it.
  const release = await acquireLock(log);
  try {
    if (!force && (await isFresh())) return;
    await buildClient(log);
  } finally {
    await release();
  }
}

async function isFresh(): Promise<boolean> {
  const stamp = await readStamp();
  if (stamp === null) return false;
  try {
    await stat(join(outDir, 'index.html'));
  } catch {
    return false;
  }
  const newest = await newestMtime(sources);
  return newest <= stamp.sourcesCheckedAt;
}

async function buildClient(log: (line: string) => void): Promise<void> {
  // Taken before building, so an edit made during the build makes the result stale.
  const sourcesCheckedAt = Date.now();
  const stagingDir = join(distDir, `.client-${process.pid}-${sourcesCheckedAt}`);
  log('Building the web client...');
  const started = performance.now();

  // Vite reads NODE_ENV to choose production output; test runners set it to
  // 'test', which would ship React's development build.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(repoRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: stagingDir, emptyOutDir: true },
    });
  } catch (error) {
    await rm(stagingDir, { recursive: true, force: true });
    throw error;
  } finally {
    if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousNodeEnv;
  }

  // Swap whole folders so a server already running from dist/client never
  // serves a half-written build.
  const retiredDir = join(distDir, `.client-old-${process.pid}-${sourcesCheckedAt}`);
  await rename(outDir, retiredDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(stagingDir, outDir);
  await rm(retiredDir, { recursive: true, force: true });
  await writeFile(stampFile, `${JSON.stringify({ sourcesCheckedAt })}\n`);
  log(`Web client built in ${Math.round(performance.now() - started)} ms`);
}

async function readStamp(): Promise<{ sourcesCheckedAt: number } | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(stampFile, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'sourcesCheckedAt' in parsed) {
      const { sourcesCheckedAt } = parsed;
      if (typeof sourcesCheckedAt === 'number') return { sourcesCheckedAt };
    }
    return null;
  } catch {
    return null;
  }
}

// Directories count too: deleting or renaming a file changes only its folder's mtime.
async function newestMtime(paths: string[]): Promise<number> {
  let newest = 0;
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch {
      continue;
    }
    newest = Math.max(newest, info.mtimeMs);
    if (info.isDirectory()) {
      const entries = await readdir(path);
      newest = Math.max(newest, await newestMtime(entries.map((entry) => join(path, entry))));
    }
  }
  return newest;
}

async function acquireLock(log: (line: string) => void): Promise<() => Promise<void>> {
  await mkdir(distDir, { recursive: true });
  let announced = false;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isLockAbandoned()) {
      await rm(lockFile, { force: true });
      continue;
    }
    if (!announced) {
      log('Waiting for another web client build to finish...');
      announced = true;
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, LOCK_POLL_MS));
  }
}

async function isLockAbandoned(): Promise<boolean> {
  try {
    const [content, info] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile)]);
    if (Date.now() - info.mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(content);
    // An empty file is a holder between open() and its write: not abandoned.
    if (!Number.isInteger(pid) || pid <= 0) return false;
    return !isProcessAlive(pid);
  } catch {
    // The holder released it between our open() and this read.
    return false;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import type { ServerProcess } from '../src/testing/server-process';
import { seedOnLog, spawnServer } from '../src/testing/server-process';

type Seeded = Awaited<ReturnType<ReturnType<typeof seedOnLog>['user']>>;
import type { Posted } from './bids';
import { CONNECTIONS, drive, merge, post } from './bids';
import type { Measurement } from './report';
import { percentile, printLine, recordFigure, throughput } from './report';

/*
 * Several app nodes on one DATA_DIR, as real processes started like
 * `npm start`: how fast a bid on one node reaches a socket on another, and
 * how PlaceBid throughput scales with WEB_CONCURRENCY=2 compared with how a
 * bare Hono route scales the same way.
 */

const PUSH_SAMPLES = 300;
const REALTORS = 256;
const LISTINGS = 120;
const ROUNDS = 4;
const BARE_PER_ROUND = 3000;
const BIDS_PER_ROUND = 800;
const WARM_UP_BIDS = 200;

function socketFor(url: string, cookie: string): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function dataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'bench-nodes-'));
}

/** A bid on node A → bid:placed on the owner's sockets on A and on B (another process following the same log). */
async function benchCrossNodePush(): Promise<void> {
  const dir = await dataDir();
  const [a, b] = await Promise.all([spawnServer({ DATA_DIR: dir }), spawnServer({ DATA_DIR: dir })]);
  const seed = seedOnLog(dir);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sockets: Socket[] = [];
  try {
    const owner = await seed.user('homeowner');
    const realtors: Seeded[] = [];
    for (let i = 0; i < 40; i++) realtors.push(await seed.user('realtor', 1000));
    const listings: string[] = [];
    for (let i = 0; i < 10; i++) listings.push((await seed.listing(owner.userId)).propertyId);
    const seeded = String(realtors.at(-1)?.position ?? 0);
    const onA = await socketFor(a.url, owner.cookie);
    const onB = await socketFor(b.url, owner.cookie);
    sockets.push(onA, onB);
    const sameNode: number[] = [];
    const otherNode: number[] = [];
    for (let i = 0; i < PUSH_SAMPLES + 20; i++) {
      const realtor = realtors[i % realtors.length] as { cookie: string };
      const listing = listings[Math.floor(i / realtors.length)] as string;
      const heard = (socket: Socket) => new Promise<number>((resolve) => socket.once('bid:placed', () => resolve(performance.now())));
      const [arrivedOnA, arrivedOnB] = [heard(onA), heard(onB)];
      const sent = performance.now();
      const answer = await post(agent, new URL(`${a.url}/api/properties/${listing}/bid`), JSON.stringify({ propertyId: listing, amount: 150 }), realtor.cookie, { 'x-min-position': seeded });
      if (answer.status !== 201) throw new Error(`bid answered ${answer.status}`);
      const [atA, atB] = await Promise.all([arrivedOnA, arrivedOnB]);
      if (i < 20) continue;
      sameNode.push(atA - sent);
      otherNode.push(atB - sent);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    printLine(`\n## bid on node A → bid:placed on the owner's socket, two processes on one DATA_DIR (SQLite), ${PUSH_SAMPLES} bids`);
    printLine(`  on node A (the writer): p50 ${percentile(sameNode, 50).toFixed(3)} ms, p99 ${percentile(sameNode, 99).toFixed(3)} ms`);
    printLine(`  on node B (follows the log, woken by the notify file): p50 ${percentile(otherNode, 50).toFixed(3)} ms, p99 ${percentile(otherNode, 99).toFixed(3)} ms (aim: p99 <= 25 ms)`);
    recordFigure({ name: "bid on node A → bid:placed on node B's socket", value: `p99 ${percentile(otherNode, 99).toFixed(1)} ms`, aim: 'p99 <= 25 ms', met: percentile(otherNode, 99) <= 25 });
  } finally {
    for (const socket of sockets) socket.disconnect();
    agent.destroy();
    await seed.close();
    await Promise.all([a.stop(), b.stop()]);
    await rm(dir, { recursive: true, force: true });
  }
}

interface Bare {
  url: URL;
  stop(): Promise<void>;
}

const bareScript = fileURLToPath(new URL('./bare-cluster.ts', import.meta.url));
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** The bare Hono POST route served by `processes` processes behind one port. */
function startBare(processes: number): Promise<Bare> {
  const child = spawn(process.execPath, ['--import', 'tsx', bareScript, String(processes)], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let ports: number[] = [];
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      ports = ports.concat(lines.filter(Boolean).map((line) => (JSON.parse(line) as { port: number }).port));
      // Every process listens before the first request, so none of them is still starting.
      if (ports.length === processes) {
        resolve({
          url: new URL(`http://127.0.0.1:${ports[0]}/bare`),
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    void exited.then(() => reject(new Error('the bare server exited')));
  });
}

interface Market {
  node: ServerProcess;
  seeded: string;
  nextBid(connection: number): { cookie: string; listing: string };
  /** The owner's mails in the node's outbox (one per bid: the seeded owner keeps the default instant mail). */
  mailsWritten(): number;
}

/** A node (one process, or WEB_CONCURRENCY processes) with realtors and listings of its own to bid on. */
async function market(webConcurrency: number): Promise<Market & { close(): Promise<void> }> {
  const dir = await dataDir();
  const node = await spawnServer({ DATA_DIR: dir, WEB_CONCURRENCY: String(webConcurrency) });
  const seed = seedOnLog(dir);
  const owner = await seed.user('homeowner');
  const realtors: Seeded[] = [];
  for (let i = 0; i < REALTORS; i++) realtors.push(await seed.user('realtor', 10_000));
  const listings: string[] = [];
  for (let i = 0; i < LISTINGS; i++) listings.push((await seed.listing(owner.userId)).propertyId);
  const seeded = String((await seed.listing(owner.userId)).position);
  await seed.close();
  // As in bids.ts: connection c only bids for its own realtors, each (realtor, listing) pair once.
  const perConnection = REALTORS / CONNECTIONS;
  const used = new Map<number, number>();
  return {
    node,
    seeded,
    nextBid(connection) {
      const count = used.get(connection) ?? 0;
      used.set(connection, count + 1);
      const realtor = realtors[connection + CONNECTIONS * (count % perConnection)];
      const listing = listings[Math.floor(count / perConnection)];
      if (!realtor || listing === undefined) throw new Error('bench ran out of (realtor, listing) pairs');
      return { cookie: realtor.cookie, listing };
    },
    mailsWritten() {
      try {
        // Whole mails only: one being written is a dot file until it is renamed.
        return readdirSync(join(dir, 'outbox')).filter((name) => name.endsWith('.json') && !name.startsWith('.')).length;
      } catch {
        return 0;
      }
    },
    async close() {
      await node.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A process of the cluster that is still starting answers 503 with Retry-After (src/http/server.ts), and a keep-alive
 * connection stays with the process it reached: the warm-up retries such a request, as a client would, until that
 * process has started (30 s at most), so that the rounds measure started processes only.
 */
function onceStarted(send: (job: number) => Promise<Posted>): (job: number) => Promise<Posted> {
  return async (job) => {
    const giveUpAt = Date.now() + 30_000;
    for (;;) {
      const answer = await send(job);
      if (answer.status !== 503 || Date.now() > giveUpAt) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/** USER_HZ, the unit of /proc/<pid>/stat's CPU times: 100 on Linux. */
const MS_PER_TICK = 10;

/** The CPU time a process and every process under it have used so far, in ms (Linux's /proc; 0 where there is none). */
function cpuMsOfTree(root: number | undefined): number {
  if (root === undefined || !existsSync('/proc')) return 0;
  const parents = new Map<number, number>();
  const used = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      // Ended meanwhile.
      continue;
    }
    // After the command's name in parentheses: state, ppid, ... utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(name), Number(fields[1]));
    used.set(Number(name), (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK);
  }
  const inTree = (pid: number) => {
    for (let at = pid; at > 1; at = parents.get(at) ?? 0) if (at === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, ms] of used) if (inTree(pid)) total += ms;
  return total;
}

/** PlaceBid with WEB_CONCURRENCY=2 over one process, against the same ratio for a bare Hono POST route. */
async function benchWebConcurrency(): Promise<void> {
  const bare1 = await startBare(1);
  const bare2 = await startBare(2);
  const one = await market(1);
  const two = await market(2);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS * 4 });
  const bareBody = JSON.stringify({ propertyId: 'bare', amount: 150, message: 'I sell homes like this one in two weeks.' });
  const bareSend = (bare: Bare) => () => post(agent, bare.url, bareBody);
  // Every bid asks for the seeds (X-Min-Position), so a process that is still replaying answers only once it has them.
  const bidSend = (m: Market) => (job: number) => {
    const { cookie, listing } = m.nextBid(job % CONNECTIONS);
    const body = JSON.stringify({ propertyId: listing, amount: 150, message: 'I sell homes like this one in two weeks.' });
    return post(agent, new URL(`${m.node.url}/api/properties/${listing}/bid`), body, cookie, { 'x-min-position': m.seeded });
  };
  try {
    for (const bare of [bare1, bare2]) await drive('warm-up', 500, bareSend(bare), 201);
    for (const m of [one, two]) await drive('warm-up', WARM_UP_BIDS, onceStarted(bidSend(m)), 201);
    const results = {
      bare1: { label: 'bare Hono POST, 1 process', samplesMs: [], elapsedMs: 0 } as Measurement,
      bare2: { label: 'bare Hono POST, 2 processes (node:cluster)', samplesMs: [], elapsedMs: 0 } as Measurement,
      bid1: { label: 'PlaceBid, 1 process', samplesMs: [], elapsedMs: 0 } as Measurement,
      bid2: { label: 'PlaceBid, WEB_CONCURRENCY=2', samplesMs: [], elapsedMs: 0 } as Measurement,
    };
    // What the server's processes (the primary and its workers) spent for the bids measured, their mails included.
    const serverCpuMs = { bid1: 0, bid2: 0 };
    // Alternate in rounds so that neighbours' noise hits every subject alike.
    for (let round = 0; round < ROUNDS; round++) {
      merge(results.bare1, await drive(results.bare1.label, BARE_PER_ROUND, bareSend(bare1), 201));
      merge(results.bare2, await drive(results.bare2.label, BARE_PER_ROUND, bareSend(bare2), 201));
      for (const [key, m] of [['bid1', one], ['bid2', two]] as const) {
        const before = cpuMsOfTree(m.node.child.pid);
        merge(results[key], await drive(results[key].label, BIDS_PER_ROUND, bidSend(m), 201));
        // The owner's mails go after the answers, and fall behind under this load: their CPU is counted once written.
        const placed = WARM_UP_BIDS + (round + 1) * BIDS_PER_ROUND;
        for (const giveUpAt = Date.now() + 60_000; m.mailsWritten() < placed && Date.now() < giveUpAt; ) await new Promise((resolve) => setTimeout(resolve, 20));
        serverCpuMs[key] += cpuMsOfTree(m.node.child.pid) - before;
      }
    }
    const describe = (m: Measurement) => `${m.label}: ${throughput(m).toFixed(0)} ops/s, p50 ${percentile(m.samplesMs, 50).toFixed(3)} ms, p99 ${percentile(m.samplesMs, 99).toFixed(3)} ms`;
    const bidScale = throughput(results.bid2) / throughput(results.bid1);
    const bareScale = throughput(results.bare2) / throughput(results.bare1);
    printLine(`\n## WEB_CONCURRENCY=2 over one process, ${CONNECTIONS} connections, embedded backends (this machine: the load generator shares its cores)`);
    for (const m of Object.values(results)) printLine(`  ${describe(m)}`);
    const perBid = (ms: number) => ms / (ROUNDS * BIDS_PER_ROUND);
    if (serverCpuMs.bid1 > 0) {
      printLine(
        `  server CPU per bid, its owner's mail included: ${perBid(serverCpuMs.bid1).toFixed(3)} ms on 1 process, ${perBid(serverCpuMs.bid2).toFixed(3)} ms on 2 (${(serverCpuMs.bid2 / serverCpuMs.bid1).toFixed(2)}x)`,
      );
    }
    printLine(`  PlaceBid scales ${bidScale.toFixed(2)}x, bare Hono ${bareScale.toFixed(2)}x; ratio ${(bidScale / bareScale).toFixed(2)}; aim: ratio >= 0.8`);
    recordFigure({ name: 'WEB_CONCURRENCY=2: how PlaceBid scales beside a bare route', value: `ratio ${(bidScale / bareScale).toFixed(2)}`, aim: 'ratio >= 0.8', met: bidScale / bareScale >= 0.8 });
  } finally {
    agent.destroy();
    await Promise.all([bare1.stop(), bare2.stop(), one.close(), two.close()]);
  }
}

/** Nodes as processes: cross-node push latency and WEB_CONCURRENCY scaling. */
export async function benchNodes(): Promise<void> {
  await benchCrossNodePush();
  await benchWebConcurrency();
}

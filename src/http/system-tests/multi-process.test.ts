import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../testing/server-process';
import { getOnNewConnection, seedOnLog, spawnServer } from '../../testing/server-process';
import { socketTestKit } from '../../testing/socket-clients';
import { registration } from '../../testing/user-session';
import { apiRequest, knownPosition } from '../../web/lib/api';

/*
 * Real server processes, as `npm start` runs them, on one DATA_DIR: what the
 * README calls N processes on one machine on SQLite, and WEB_CONCURRENCY.
 */

const { cleanups, socketWith } = socketTestKit();
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop() as string, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'multi-process-'));
  dirs.push(dir);
  return dir;
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const started = await spawnServer(env);
  cleanups.push(async () => void (await started.stop()));
  return started;
}

/** What a browser on the page would send: JSON, a session cookie, and the position it has seen. */
async function bid(node: ServerProcess, cookie: string, propertyId: string) {
  const res = await fetch(`${node.url}/api/properties/${propertyId}/bid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ propertyId, amount: 150 }),
  });
  return { status: res.status, position: Number(res.headers.get('x-log-position')), body: (await res.json()) as { id?: string } };
}

// Each process compiles the server with tsx as it starts: slow on a busy machine.
const SLOW = { timeout: 180_000 };

describe('two npm start processes on one DATA_DIR', SLOW, () => {
  // One pair for the whole group (each start takes seconds); the last test kills A.
  const dir = mkdtempSync(join(tmpdir(), 'multi-process-'));
  let a: ServerProcess;
  let b: ServerProcess;
  const seed = seedOnLog(dir);
  beforeAll(async () => {
    [a, b] = await Promise.all([spawnServer({ DATA_DIR: dir }), spawnServer({ DATA_DIR: dir })]);
  }, SLOW.timeout);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await seed.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('register on one, sign in on the other at once: the web client sends the position it saw', async () => {
    for (let i = 0; i < 3; i++) {
      const input = registration();
      const before = knownPosition() ?? 0;
      await apiRequest('POST', `${a.url}/api/register`, input);
      expect(knownPosition()).toBeGreaterThan(before);
      // lib/api.ts adds X-Min-Position: B answers once it has applied the registration.
      const signedIn = await apiRequest<{ user: { username: string } }>('POST', `${b.url}/api/login`, { username: input.username, password: input.password });
      expect(signedIn.user.username).toBe(input.username);
    }
  });

  it('a bid on one reaches the owner’s socket on the other', async () => {
    const owner = await seed.user('homeowner');
    const realtor = await seed.user('realtor', 5);
    const { propertyId, position } = await seed.listing(owner.userId);
    // Both have applied the seeds before the socket connects and the bid is placed.
    for (const node of [a, b]) {
      const res = await fetch(`${node.url}/api/properties/${propertyId}`, { headers: { cookie: owner.cookie, 'x-min-position': String(position) } });
      expect(res.status).toBe(200);
    }
    const ownerOnB = await socketWith(b.url, owner.cookie);
    const pushed = new Promise<{ propertyId: string; position: number }>((resolve) => ownerOnB.once('bid:placed', resolve));
    const placed = await bid(a, realtor.cookie, propertyId);
    expect(placed.status).toBe(201);
    expect(await pushed).toMatchObject({ propertyId, id: placed.body.id });
  });

  it('SIGKILL one under load: every command it acknowledged is visible on the survivor', async () => {
    const owner = await seed.user('homeowner');
    const listings: string[] = [];
    for (let i = 0; i < 4; i++) listings.push((await seed.listing(owner.userId)).propertyId);
    const realtors: Array<{ cookie: string; position: number }> = [];
    for (let i = 0; i < 40; i++) realtors.push(await seed.user('realtor', 10));
    const seeded = realtors.at(-1)?.position ?? 0;
    await fetch(`${a.url}/api/properties/${listings[0]}`, { headers: { cookie: owner.cookie, 'x-min-position': String(seeded) } });

    // Eight clients bid on A, each realtor once per listing, until A is killed mid-flight.
    const acknowledged: Array<{ propertyId: string; id: string; position: number }> = [];
    let next = 0;
    let killed = false;
    const clients = Array.from({ length: 8 }, async () => {
      while (!killed && next < realtors.length * listings.length) {
        const job = next++;
        const realtor = realtors[job % realtors.length] as { cookie: string };
        const propertyId = listings[Math.floor(job / realtors.length)] as string;
        try {
          const answer = await bid(a, realtor.cookie, propertyId);
          if (answer.status === 201 && answer.body.id) acknowledged.push({ propertyId, id: answer.body.id, position: answer.position });
        } catch {
          // The connection died with the process: not acknowledged.
        }
      }
    });
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    killed = true;
    await a.kill();
    await Promise.all(clients);

    const highest = Math.max(...acknowledged.map((ack) => ack.position));
    for (const propertyId of listings) {
      const res = await fetch(`${b.url}/api/properties/${propertyId}/bids`, { headers: { cookie: owner.cookie, 'x-min-position': String(highest) } });
      expect(res.status).toBe(200);
      const ids = new Set(((await res.json()) as Array<{ id: string }>).map((listed) => listed.id));
      for (const ack of acknowledged.filter((one) => one.propertyId === propertyId)) expect(ids.has(ack.id)).toBe(true);
    }
  });
});

describe('WEB_CONCURRENCY', SLOW, () => {
  /** The pids that answer /readyz on new connections, until `enough` holds (each connection may go to any process). */
  async function answeringPids(url: string, enough: (pids: Set<number>) => boolean): Promise<Set<number>> {
    const pids = new Set<number>();
    const deadline = Date.now() + 90_000;
    while (!enough(pids) && Date.now() < deadline) {
      const ready = await getOnNewConnection(`${url}/readyz`).catch(() => ({ status: 0, body: '' }));
      if (ready.status === 200) pids.add((JSON.parse(ready.body) as { pid: number }).pid);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return pids;
  }

  it('two app processes answer on the one port; one that dies is replaced; SIGTERM stops them all', async () => {
    const node = await server({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '2' });
    // The second process starts once the first serves.
    const pids = await answeringPids(node.url, (seen) => seen.size >= 2);
    expect(pids.size).toBe(2);
    expect(pids.has(node.child.pid as number)).toBe(false);
    // One administrator, made by the first process alone.
    expect(node.lines.filter((line) => line.msg === 'administrator created')).toHaveLength(1);

    const [dead, survivor] = [...pids] as [number, number];
    process.kill(dead, 'SIGKILL');
    const after = await answeringPids(node.url, (seen) => [...seen].some((pid) => pid !== survivor));
    const replacement = [...after].find((pid) => pid !== survivor);
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(dead);
    expect(node.lines.some((line) => line.msg === 'app process died; starting another' && line.pid === dead)).toBe(true);

    expect(await node.stop()).toBe(0);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../../event-store/port';
import { listProperty, placeBid, registerHomeowner, registerRealtor } from '../../testing/bidding';
import type { Node } from '../../testing/nodes';
import { startNode } from '../../testing/nodes';
import { socketTestKit } from '../../testing/socket-clients';
import { registration, sendJson } from '../../testing/user-session';
import { MIN_POSITION_INVALID, MIN_POSITION_NOT_REACHED } from '../platform/min-position';

/*
 * Two or three nodes in this process on one SQLite log, each with its own read
 * models and sockets: a client bounced between them must never miss its own
 * write, and a push must reach sockets on every node.
 */

const { cleanups, socketWith } = socketTestKit();
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop() as string, { recursive: true, force: true });
});

async function nodes(count: number, options: { lagMs?: number[] } = {}): Promise<Node[]> {
  const dir = mkdtempSync(join(tmpdir(), 'multi-node-'));
  dirs.push(dir);
  const started: Node[] = [];
  for (let i = 0; i < count; i++) {
    const lagMs = options.lagMs?.[i] ?? 0;
    const node = await startNode({ dbPath: join(dir, 'events.db'), ...(lagMs > 0 ? { wrapEventStore: (store) => lagging(store, lagMs) } : {}) });
    cleanups.push(() => node.stop());
    started.push(node);
  }
  return started;
}

/** This node's handle on the log, delivering each event `ms` late: a node whose read models lag behind. */
function lagging(store: EventStore, ms: number): EventStore {
  return {
    ...store,
    subscribe: (options) =>
      store.subscribe({
        ...options,
        onEvent: async (event) => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          await options.onEvent(event);
        },
      }),
  };
}

function logPositionOf(res: Response): number {
  const header = res.headers.get('x-log-position');
  expect(header).toMatch(/^\d+$/);
  return Number(header);
}

const signIn = (node: Node, username: string, password: string, headers: Record<string, string> = {}) =>
  sendJson(node.app, 'POST', '/api/login', { username, password }, undefined, { headers });

describe('read-your-writes across nodes', () => {
  it('a sign-in on B right after registering on A works when it carries the X-Log-Position A answered', async () => {
    const [a, b] = (await nodes(2, { lagMs: [0, 100] })) as [Node, Node];
    const input = registration({ role: 'realtor' });
    const registered = await sendJson(a.app, 'POST', '/api/register', input);
    expect(registered.status).toBe(201);
    const position = logPositionOf(registered);

    // B has not applied the registration yet: without the position it cannot know the account.
    expect((await signIn(b, input.username, input.password)).status).toBe(401);
    const started = performance.now();
    const res = await signIn(b, input.username, input.password, { 'X-Min-Position': String(position) });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(((await res.json()) as { user: { username: string } }).user.username).toBe(input.username);
    // The sign-in is a command too: its answer names a later position.
    expect(logPositionOf(res)).toBeGreaterThan(position);
  });

  it('answers 503 with Retry-After when the node has not caught up within the bound, and serves once it has', async () => {
    const [a, b] = (await nodes(2)) as [Node, Node];
    await b.runner.stop();
    const input = registration();
    const position = logPositionOf(await sendJson(a.app, 'POST', '/api/register', input));

    const started = performance.now();
    const refused = await signIn(b, input.username, input.password, { 'X-Min-Position': String(position) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ message: MIN_POSITION_NOT_REACHED });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);

    await b.runner.start();
    expect((await signIn(b, input.username, input.password, { 'X-Min-Position': String(position) })).status).toBe(200);
  });

  it('does not wait for a position past the end of the log (a client that saw another log)', async () => {
    const [a] = (await nodes(1)) as [Node];
    const started = performance.now();
    const res = await sendJson(a.app, 'GET', '/api/payments/config', undefined, undefined, { headers: { 'X-Min-Position': '9999999' } });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it.each(['abc', '-1', '1.5', '1e3', '0x10', '12345678901234567', ''])('refuses X-Min-Position %j with 400', async (value) => {
    const [a] = (await nodes(1)) as [Node];
    const res = await sendJson(a.app, 'GET', '/api/payments/config', undefined, undefined, { headers: { 'X-Min-Position': value } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: MIN_POSITION_INVALID });
  });

  it('only answers to commands carry X-Log-Position', async () => {
    const [a] = (await nodes(1)) as [Node];
    expect((await sendJson(a.app, 'GET', '/api/payments/config')).headers.get('x-log-position')).toBeNull();
    const refused = await sendJson(a.app, 'POST', '/api/login', { username: 'nobody_here', password: 'Secret123' });
    expect(refused.status).toBe(401);
  });
});

describe('pushes from every node', () => {
  /** Resolves with the first `event` the socket hears. */
  const next = (socket: Socket, event: string) => new Promise<Record<string, unknown>>((resolve) => socket.once(event, resolve));

  it('a bid on one node reaches the owner’s socket on each other node', async () => {
    const [a, b, c] = (await nodes(3)) as [Node, Node, Node];
    const owner = await registerHomeowner(a);
    const realtor = await registerRealtor(a, 5);
    const propertyId = await listProperty(a, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z', title: 'Corner house' });
    // The sockets' nodes must know the owner's session and the listing before the bids.
    const seen = logPositionOf(await placeBid(a, realtor.cookie, propertyId, { amount: 150 }));
    await Promise.all([b.runner.waitFor(seen), c.runner.waitFor(seen)]);

    const onB = await socketWith(b.url, owner.cookie);
    const onC = await socketWith(c.url, owner.cookie);
    const second = await registerRealtor(b, 5);
    const heardOnB = next(onB, 'bid:placed');
    const heardOnC = next(onC, 'bid:placed');
    const res = await placeBid(b, second.cookie, propertyId, { amount: 175 });
    expect(res.status).toBe(201);
    // B pushes to its own socket; C follows the log and pushes to its own, from the same event.
    const pushedOnB = await heardOnB;
    expect(pushedOnB).toMatchObject({ propertyId, amount: 175 });
    expect(await heardOnC).toEqual(pushedOnB);
    // The answer names the last position the request wrote, the bid's or a later one (a reward).
    expect(pushedOnB.position).toBeLessThanOrEqual(logPositionOf(res));

    const heardAgain = next(onC, 'bid:placed');
    const third = await registerRealtor(a, 5);
    const fromA = await placeBid(a, third.cookie, propertyId, { amount: 200 });
    expect(fromA.status).toBe(201);
    expect(await heardAgain).toMatchObject({ propertyId, amount: 200 });
  });
});

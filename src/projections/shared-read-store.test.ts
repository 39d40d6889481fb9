import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createMemoryReadStore } from '../read-store/memory';
import { createMongoReadStore } from '../read-store/mongodb';
import type { ReadStore } from '../read-store/port';
import { DELETED_FIELD } from '../read-store/port';
import { heldBack } from '../testing/held-back';
import { deleteListing, get, listProperty, placeBid, registerHomeowner, registerRealtor } from '../testing/bidding';
import type { Node } from '../testing/nodes';
import { startNode } from '../testing/nodes';
import { socketTestKit } from '../testing/socket-clients';
import type { BidDoc } from './bidding/bids';
import { BIDS } from './bidding/bids';
import { PROPERTIES } from './listings/properties';
import type { ReadModels } from './read-models';
import { collectionNameIn } from './read-models';
import { createProjections } from './registry';
import { CHECKPOINTS, createProjectionRunner } from './runner';
import { USERS } from './accounts/users';

/*
 * Issue 12, item 5: several nodes on one log write ONE read store, as N nodes
 * on one MongoDB do. Each node projects every event; per-document positions,
 * tombstones and forward-only checkpoints keep a node that lags from undoing
 * another's work, every node pushes to its own sockets, and a rebuild writes a
 * new generation while the nodes keep serving the old one (docs/decisions/0031).
 */

const { cleanups, socketWith } = socketTestKit();
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop() as string, { recursive: true, force: true });
});

const backends: Array<[string, () => Promise<ReadStore>]> = [['memory', async () => createMemoryReadStore()]];
if (process.env.MONGODB_URL) {
  const url = process.env.MONGODB_URL;
  backends.push(['mongodb', () => createMongoReadStore({ url, dbName: `shared_read_store_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` })]);
}

describe.each(backends)('nodes sharing one read store (%s)', (_backend, openShared) => {
  async function cluster(count: number, options: { held?: number } = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'shared-read-store-'));
    dirs.push(dir);
    const dbPath = join(dir, 'events.db');
    const shared = await openShared();
    cleanups.push(() => shared.close());
    let hold: ReturnType<typeof heldBack> | undefined;
    const nodes: Node[] = [];
    for (let i = 0; i < count; i++) {
      const lagging = options.held === i ? { wrapEventStore: (store: EventStore) => (hold = heldBack(store)).wrapped } : {};
      const node = await startNode({ dbPath, readStore: shared, ...lagging });
      cleanups.push(() => node.stop());
      nodes.push(node);
    }
    // Run first at cleanup: a node waiting for held events could not stop.
    cleanups.push(() => hold?.release());
    return { nodes, shared, dbPath, hold };
  }

  const userDoc = (node: Node, userId: string) => node.deps.readStore.collection<{ _id: string; credits: number }>(USERS).findOne({ _id: userId });

  it('a node that lags neither brings back a deleted listing nor un-refunds a bid, and never rewinds a checkpoint', async () => {
    const { nodes, shared, hold } = await cluster(2, { held: 1 });
    const [a, b] = nodes as [Node, Node];
    if (!hold) throw new Error('no held node');
    const owner = await registerHomeowner(a);
    const realtor = await registerRealtor(a, 3);
    // B stops here: it has the people, and is about to see the listing, the bid, the deletion and the refund.
    hold.holdAfter(await a.deps.eventStore.headPosition());
    const biddingEndsAt = '2099-01-01T00:00:00.000Z';
    const propertyId = await listProperty(a, owner.user.id, { biddingEndsAt, title: 'Sunny loft' });
    expect((await placeBid(a, realtor.cookie, propertyId)).status).toBe(201);
    const bidPlacedAt = (await a.deps.eventStore.headPosition()) ?? 0;
    await deleteListing(a, propertyId, owner.user.id, biddingEndsAt, 'Sunny loft');
    // The refund is appended by the bid-refund process manager once it sees the deletion.
    const bids = a.deps.readStore.collection<BidDoc>(BIDS);
    await until(async () => (await bids.findOne({ propertyId }))?.refundedAt != null);
    await until(async () => (await userDoc(a, realtor.user.id))?.credits === 3);
    const head = (await a.deps.eventStore.headPosition()) ?? 0;
    await a.runner.waitFor(head);
    await until(async () => (await shared.collection<{ _id: string; position: number }>(CHECKPOINTS).find({})).every((c) => c.position >= head));

    // B applies the listing and the bid again, behind A, and stores its checkpoints.
    hold.release(bidPlacedAt);
    expect(await b.runner.waitFor(bidPlacedAt)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const node of [a, b]) {
      expect((await get(node, `/api/properties/${propertyId}`, owner.cookie)).status).toBe(404);
      expect(await node.deps.readStore.collection(PROPERTIES).countDocuments({ ownerId: owner.user.id })).toBe(0);
      const own = (await (await get(node, '/api/bids', realtor.cookie)).json()) as Array<{ statusLabel: string }>;
      expect(own.map((bid) => bid.statusLabel)).toEqual(['Refunded']);
      expect((await userDoc(node, realtor.user.id))?.credits).toBe(3);
    }
    expect(await shared.collection(PROPERTIES).find({ [DELETED_FIELD]: true })).toEqual([expect.objectContaining({ _id: propertyId })]);
    const checkpoints = await shared.collection<{ _id: string; position: number }>(CHECKPOINTS).find({});
    expect(checkpoints.length).toBeGreaterThan(0);
    expect(checkpoints.filter((checkpoint) => checkpoint.position < head)).toEqual([]);

    hold.release();
    expect(await b.runner.waitFor(head)).toBe(true);
    expect((await get(b, `/api/properties/${propertyId}`, owner.cookie)).status).toBe(404);
    expect((await bids.findOne({ propertyId }))?.refundedAt).not.toBeNull();
  });

  it('pushes credits:changed to the realtor\'s sockets on every node, whichever node wrote the balance', async () => {
    const { nodes } = await cluster(2);
    const [a, b] = nodes as [Node, Node];
    const owner = await registerHomeowner(a);
    const realtor = await registerRealtor(a, 3);
    const propertyId = await listProperty(a, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    const heard = new Map<Node, number[]>();
    const sockets: Socket[] = [];
    for (const node of [a, b]) {
      const socket = await socketWith(node.url, realtor.cookie);
      heard.set(node, []);
      socket.on('credits:changed', (payload: { credits: number }) => heard.get(node)?.push(payload.credits));
      sockets.push(socket);
    }
    expect((await placeBid(a, realtor.cookie, propertyId)).status).toBe(201);
    // Placing the first bid also grants the First Bid reward: two changes, on both nodes.
    await until(async () => (heard.get(a)?.length ?? 0) >= 2 && (heard.get(b)?.length ?? 0) >= 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.get(a)).toEqual([2, 3]);
    expect(heard.get(b)).toEqual([2, 3]);
  });

  it('rebuilds into a new generation while the nodes serve, switches them all, then drops the old one', async () => {
    const { nodes, shared, dbPath } = await cluster(2);
    const [a, b] = nodes as [Node, Node];
    const owner = await registerHomeowner(a);
    const realtor = await registerRealtor(a, 3);
    await listProperty(a, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    const generationOf = (node: Node) => (node.deps.readStore as ReadModels).generation;
    expect([generationOf(a), generationOf(b)]).toEqual([0, 0]);

    // What `npm run projections:rebuild` runs: a runner of its own, on the same log and read store.
    const log = createSqliteEventStore({ path: dbPath });
    cleanups.push(() => log.close());
    const rebuilder = createProjectionRunner({ eventStore: log, readStore: shared, projections: createProjections(), generationGraceMs: 300 });
    let rebuilding = true;
    const rebuilt = rebuilder.rebuild().finally(() => (rebuilding = false));
    // Signed-in requests read `users` on every call (the session check): none may fail while the rebuild runs.
    const answers: number[] = [];
    while (rebuilding) {
      for (const node of [a, b]) answers.push((await get(node, '/api/user', realtor.cookie)).status);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await rebuilt;
    await rebuilder.stop();
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers)).toEqual(new Set([200]));
    expect([generationOf(a), generationOf(b)]).toEqual([1, 1]);
    for (const node of [a, b]) {
      expect(await node.deps.readStore.collection(USERS).countDocuments()).toBe(2);
      expect(await node.deps.readStore.collection(PROPERTIES).countDocuments()).toBe(1);
    }
    // The old generation is gone; the new one has its own checkpoints.
    expect(await shared.collection(USERS).countDocuments()).toBe(0);
    expect(await shared.collection(collectionNameIn(USERS, 1)).countDocuments()).toBe(2);
    expect(await shared.collection(collectionNameIn(CHECKPOINTS, 1)).countDocuments()).toBeGreaterThan(0);

    // And the nodes go on projecting into it.
    const later = await registerRealtor(b, 1);
    for (const node of [a, b]) {
      await node.runner.waitFor(await node.deps.eventStore.headPosition());
      expect((await get(node, '/api/user', later.cookie)).status).toBe(200);
    }
    expect(await shared.collection(collectionNameIn(USERS, 1)).countDocuments()).toBe(3);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

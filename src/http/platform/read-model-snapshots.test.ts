import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/outbox';
import type { Projection } from '../../projections/projection';
import { readModelsOf } from '../../projections/read-models';
import { createProjections } from '../../projections/registry';
import { createMemoryReadStore, memoryDocuments, memorySnapshotOf } from '../../read-store/memory';
import type { Doc } from '../../read-store/port';
import { deleteListing, listProperty, placeBid, registerHomeowner, registerRealtor } from '../../testing/bidding';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { sendJson } from '../../testing/user-session';
import { composeApp } from '../compose';
import { createMemoryLogger } from './logger';
import { READ_MODEL_SNAPSHOT } from '../server';

const FAR = '2099-01-01T00:00:00.000Z';

let t: TestApp;
let dir: string;
const nodes: Array<Awaited<ReturnType<typeof composeApp>>> = [];

afterEach(async () => {
  for (const node of nodes.splice(0)) {
    await node.runner.stop();
    await node.processManagers.stop();
  }
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Another node on the test app's log with its read models in its own memory, started from `snapshot` when given. */
async function node(options: { snapshot?: string; projections?: Projection[] } = {}) {
  const composed = await composeApp({
    eventStore: t.rawEventStore,
    readStore: createMemoryReadStore(),
    mailer: createOutboxMailer({ dir: join(dir, 'outbox') }),
    logger: createMemoryLogger(),
    clock: () => new Date(),
    env: { publicUrl: TEST_ORIGIN, RATE_LIMITS: 'off', SUPPORT_EMAIL: undefined, ADMIN_EMAIL: undefined },
    sessionSecret: 'test-secret-'.repeat(4),
    personalKeys: t.personalKeys,
    ...(options.snapshot ? { snapshots: { path: options.snapshot } } : {}),
    ...(options.projections ? { projections: options.projections } : {}),
  });
  nodes.push(composed);
  return composed;
}

/** Every document of every read model, tombstones included, by collection, in `_id` order. */
function dump(composed: Awaited<ReturnType<typeof composeApp>>): Record<string, Doc[]> {
  const models = readModelsOf(composed.deps.readStore);
  const names = createProjections().flatMap((projection) => projection.collections);
  return Object.fromEntries(names.map((name) => [name, [...(memoryDocuments(models.physical(name)) ?? [])].sort((a, b) => a._id.localeCompare(b._id))]));
}

/** Bids, an edit, a deleted listing with its refunds, and an erased realtor: most read models get documents and tombstones. */
async function trade(round: number) {
  const owner = await registerHomeowner(t, { name: `Owner ${'I'.repeat(round)}` });
  const realtor = await registerRealtor(t, 10, { name: `Realtor ${'I'.repeat(round)}` });
  const other = await registerRealtor(t, 10, { name: `Other ${'I'.repeat(round)}`, password: 'Secret123' });
  const kept = await listProperty(t, owner.user.id, { biddingEndsAt: FAR, title: `Kept ${round}` });
  const deleted = await listProperty(t, owner.user.id, { biddingEndsAt: FAR, title: `Deleted ${round}` });
  const bid = (await (await placeBid(t, realtor.cookie, kept, { amount: 150, message: 'First words' })).json()) as { id: string };
  expect((await sendJson(t.app, 'PUT', `/api/bids/${bid.id}`, { message: 'Second words' }, realtor.cookie)).status).toBe(200);
  expect((await placeBid(t, realtor.cookie, deleted)).status).toBe(201);
  expect((await placeBid(t, other.cookie, kept, { amount: 175, message: 'From the other one' })).status).toBe(201);
  await deleteListing(t, deleted, owner.user.id, FAR, `Deleted ${round}`);
  expect((await sendJson(t.app, 'DELETE', '/api/user', { password: 'Secret123' }, other.cookie)).status).toBe(200);
  await t.processManagers.idle();
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
}

describe('read models started from a snapshot and the tail of the log', () => {
  it('equal the read models of a full replay, and a snapshot that cannot be trusted is not used', async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-model-snapshots-'));
    t = await createTestApp();
    const path = join(dir, READ_MODEL_SNAPSHOT);
    await trade(1);

    // A node replays the whole log, and writes its snapshot as it stops.
    const first = await node({ snapshot: path });
    expect(first.restored).toMatchObject({ restored: [], refused: 'missing' });
    await first.runner.stop();
    await first.snapshots?.stop(first.runner);
    const snapshot = await readFile(path);

    // The log goes on: this is the tail a start from the snapshot replays.
    await trade(2);
    const fromSnapshot = await node({ snapshot: path });
    const replayed = await node();
    expect(fromSnapshot.restored?.restored).toEqual((await replayed.runner.status()).map((status) => status.name));
    expect(fromSnapshot.restored?.documents).toBeGreaterThan(0);
    const whole = dump(replayed);
    expect(whole.bids?.length).toBe(6);
    expect(dump(fromSnapshot)).toEqual(whole);

    // A node that used only some collections hands the others on as the bytes it read; a start from its snapshot is the same.
    const handing = await node({ snapshot: path });
    await handing.runner.waitFor(await t.deps.eventStore.headPosition());
    const models = readModelsOf(handing.deps.readStore);
    const untouched = createProjections()
      .flatMap((projection) => projection.collections)
      .filter((name) => !Array.isArray(memorySnapshotOf(models.physical(name))));
    expect(untouched.length).toBeGreaterThan(0);
    await handing.runner.stop();
    await handing.snapshots?.stop(handing.runner);
    const handedOn = await node({ snapshot: path });
    expect(handedOn.restored?.position).toBe(await t.deps.eventStore.headPosition());
    expect(dump(handedOn)).toEqual(whole);

    // Bids' code changed: it and every projection after it replay the whole log; those before it load.
    const names = createProjections().map((projection) => projection.name);
    const changed = createProjections().map((projection) => (projection.name === 'bids' ? { ...projection, version: 2 } : projection));
    const partly = await node({ snapshot: path, projections: changed });
    expect(partly.restored?.restored).toEqual(names.slice(0, names.indexOf('bids')));
    expect(dump(partly)).toEqual(whole);

    // Cut short, or one byte changed: replayed, never loaded.
    for (const torn of [snapshot.subarray(0, snapshot.length - 100), Buffer.concat([snapshot.subarray(0, 5000), Buffer.from([snapshot[5000] === 0 ? 1 : 0]), snapshot.subarray(5001)])]) {
      await writeFile(path, torn);
      const started = await node({ snapshot: path });
      expect(started.restored).toMatchObject({ restored: [], refused: 'torn' });
      expect(dump(started)).toEqual(whole);
    }
  });

  it('is not used on another log', async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-model-snapshots-'));
    t = await createTestApp();
    const path = join(dir, READ_MODEL_SNAPSHOT);
    await trade(1);
    const first = await node({ snapshot: path });
    await first.runner.stop();
    await first.snapshots?.stop(first.runner);
    const kept = await readFile(path);
    await t.close();

    // A new, empty log, and the old log's snapshot left in DATA_DIR.
    t = await createTestApp();
    await writeFile(path, kept);
    await registerHomeowner(t);
    const started = await node({ snapshot: path });
    expect(started.restored).toMatchObject({ restored: [], refused: 'another log' });
    expect(dump(started).users).toHaveLength(1);
  });

  it('are written by a node only when the log moved past the snapshot there', async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-model-snapshots-'));
    t = await createTestApp();
    const path = join(dir, READ_MODEL_SNAPSHOT);
    await trade(1);
    const first = await node({ snapshot: path });
    const second = await node({ snapshot: path });
    expect(await first.snapshots?.write(first.runner)).toBe(await t.deps.eventStore.headPosition());
    // The second node is as far along: the file there already says what it would.
    expect(await second.snapshots?.write(second.runner)).toBeUndefined();
    await registerHomeowner(t);
    await second.runner.waitFor(await t.deps.eventStore.headPosition());
    expect(await second.snapshots?.write(second.runner)).toBe(await t.deps.eventStore.headPosition());
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

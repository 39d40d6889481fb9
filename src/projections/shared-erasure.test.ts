import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/port';
import { expected } from '../event-store/port';
import { createMemoryPersonalKeys, withKeyCache } from '../personal-data/keys';
import { createMemoryReadStore } from '../read-store/memory';
import { createMongoReadStore } from '../read-store/mongodb';
import type { Doc, ReadStore } from '../read-store/port';
import { registerHomeowner } from '../testing/bidding';
import { heldBack } from '../testing/held-back';
import type { Node } from '../testing/nodes';
import { startNode } from '../testing/nodes';
import { sendJson } from '../testing/user-session';
import { createProjections } from './registry';
import { ERASURES } from './erasure';

/*
 * Issue 25, item 2 (docs/decisions/0061): two nodes write one read store, the
 * second held back before a person's erasure. Released afterwards, it applies
 * the person's older events late; tombstones and the erasure's positions keep
 * every row of theirs from coming back.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const backends: Array<[string, () => Promise<ReadStore>]> = [['memory', async () => createMemoryReadStore()]];
if (process.env.MONGODB_URL) {
  const url = process.env.MONGODB_URL;
  backends.push(['mongodb', () => createMongoReadStore({ url, dbName: `shared_erasure_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` })]);
}

/** Every live document of every read model that names the person, by collection. */
async function rowsNaming(store: ReadStore, userId: string): Promise<Record<string, Doc[]>> {
  const found: Record<string, Doc[]> = {};
  for (const name of createProjections().flatMap((projection) => projection.collections)) {
    if (name === ERASURES) continue;
    const docs = (await store.collection(name).find({})).filter((doc) => JSON.stringify(doc).includes(userId));
    if (docs.length > 0) found[name] = docs.sort((a, b) => a._id.localeCompare(b._id));
  }
  return found;
}

describe.each(backends)('an erasure on nodes sharing one read store (%s)', (_backend, openShared) => {
  it('a node held before AccountErased and released afterwards brings back no row of the person', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shared-erasure-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const shared = await openShared();
    cleanups.push(() => shared.close());
    const keys = withKeyCache(createMemoryPersonalKeys(), { ttlMs: 0 });
    let hold: ReturnType<typeof heldBack> | undefined;
    const a = await startNode({ dbPath: join(dir, 'events.db'), readStore: shared, personalKeys: keys });
    cleanups.push(() => a.stop());
    const b = await startNode({ dbPath: join(dir, 'events.db'), readStore: shared, personalKeys: keys, wrapEventStore: (store: EventStore) => (hold = heldBack(store)).wrapped });
    cleanups.push(() => b.stop());
    cleanups.push(() => hold?.release());
    if (!hold) throw new Error('no held node');

    // B stops before the person exists, so every event of theirs reaches it after the erasure.
    hold.holdAfter((await a.deps.eventStore.headPosition()) ?? 0);
    const { cookie, user, input } = await registerHomeowner(a as Node);
    expect((await sendJson(a.app, 'PUT', '/api/user/notifications', { bidEmails: 'daily' }, cookie)).status).toBe(200);
    // A bill under review (its row is deleted with the account).
    const verificationId = crypto.randomUUID();
    await a.deps.eventStore.append(
      `verification-${user.id}`,
      [{ id: crypto.randomUUID(), type: 'VerificationSubmitted', data: { verificationId, userId: user.id, documentType: 'utility_bill', documentKey: `bills/${user.id}/bill.pdf`, at: new Date().toISOString() } }],
      expected.noStream,
    );
    await a.runner.waitFor((await a.deps.eventStore.headPosition()) ?? 0);
    const before = await rowsNaming(shared, user.id);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['notification_preferences', 'account_tokens', 'verifications']));

    const erased = await sendJson(a.app, 'DELETE', '/api/user', { password: input.password }, cookie);
    expect(erased.status).toBe(200);
    const head = (await a.deps.eventStore.headPosition()) ?? 0;
    expect(await a.runner.waitFor(head)).toBe(true);
    const afterErasure = await rowsNaming(shared, user.id);
    expect(afterErasure.notification_preferences).toBeUndefined();
    expect(afterErasure.account_tokens).toBeUndefined();
    expect(afterErasure.verifications).toBeUndefined();

    // B applies every older event of theirs after the erasure, before it reaches AccountErased itself:
    // the window in which a hard delete let their rows back (for as long as B lags, or for good while
    // B's erasure read model is stuck).
    const erasedAt = (await a.deps.eventStore.readStream(`user-${user.id}`)).find((event) => event.type === 'AccountErased')?.position ?? 0;
    hold.release(erasedAt - 1);
    expect(await b.runner.waitFor(erasedAt - 1)).toBe(true);
    expect(await rowsNaming(shared, user.id)).toEqual(afterErasure);
    hold.release();
    expect(await b.runner.waitFor(head)).toBe(true);
    expect(await rowsNaming(shared, user.id)).toEqual(afterErasure);
    expect(await shared.collection('notification_preferences').findOne({ _id: user.id })).toBeNull();
    expect(await shared.collection('notification_preferences').countDocuments({})).toBe(0);
  });
});

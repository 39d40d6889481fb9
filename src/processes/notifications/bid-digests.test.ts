import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { digestStreamId } from '../../domain/notifications/bid-digest';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createOutboxMailer } from '../../mail/outbox';
import { createMemoryReadStore } from '../../read-store/memory';
import { createSqliteLeases } from '../leases-sqlite';
import { listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../testing/bidding';
import { outboxMails } from '../../testing/process-manager-nodes';
import { TEST_ORIGIN } from '../../testing/test-app';
import { sendJson } from '../../testing/user-session';
import { composeApp } from '../../http/compose';
import { createMemoryLogger } from '../../http/platform/logger';

/*
 * Two nodes on one SQLite log, each with its own read models and its own
 * digest timer, as two processes on one DATA_DIR: when the digest hour comes
 * both find the same digest due, the digest stream lets one record it, and
 * the lease lets one node send its mail.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function twoNodes(clock: () => Date) {
  const dir = mkdtempSync(join(tmpdir(), 'bid-digests-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const boot = async () => {
    const eventStore = createSqliteEventStore({ path: join(dir, 'events.db') });
    const readStore = createMemoryReadStore();
    // Leases in the shared folder, as the server keeps them when the read models are in each process's memory.
    const leases = createSqliteLeases(join(dir, 'leases.db'));
    const composed = await composeApp({
      eventStore,
      readStore,
      mailer: createOutboxMailer({ dir: join(dir, 'outbox') }),
      logger: createMemoryLogger(),
      clock,
      env: { publicUrl: TEST_ORIGIN, RATE_LIMITS: 'off', SUPPORT_EMAIL: undefined, ADMIN_EMAIL: undefined },
      sessionSecret: 'bid-digest-node-secret-'.repeat(2),
      leases,
    });
    cleanups.push(async () => {
      await composed.runner.stop();
      await composed.processManagers.stop();
      await eventStore.close();
      await readStore.close();
      await leases.close();
    });
    return composed;
  };
  return { dir, nodes: [await boot(), await boot()] as const };
}

describe('the daily bid digest on several nodes', () => {
  it('is sent once when both nodes find it due', async () => {
    const clock = testClock('2026-11-22T10:00:00.000Z');
    const { dir, nodes } = await twoNodes(clock.now);
    const [a, b] = nodes;
    const owner = await registerHomeowner(a, { name: 'Olive Owner' });
    const realtor = await registerRealtor(a, 3);
    expect((await sendJson(a.app, 'PUT', '/api/user/notifications', { bidEmails: 'daily' }, owner.cookie)).status).toBe(200);
    clock.advance(60_000);
    const propertyId = await listProperty(a, owner.user.id, { biddingEndsAt: '2026-12-06T10:00:00.000Z', title: 'Maple Cottage' });
    const res = await placeBid(a, realtor.cookie, propertyId);
    expect(res.status).toBe(201);
    // Node B has read everything node A wrote.
    await b.runner.waitFor(Number(res.headers.get('x-log-position')));

    clock.set('2026-11-23T08:00:00.000Z');
    const sent = await Promise.all([a.bidDigests.runOnce(), b.bidDigests.runOnce()]);
    expect(sent.sort()).toEqual([0, 1]);
    // The mail follows the digest's event in the log (docs/decisions/0063): both nodes follow it, one sends.
    const head = await a.deps.eventStore.headPosition();
    await Promise.all([a.runner.waitFor(head), b.runner.waitFor(head)]);
    await Promise.all([a.processManagers.idle(), b.processManagers.idle()]);
    const digests = outboxMails(dir).filter((mail) => mail.tag === 'bid-digest');
    expect(digests.map((mail) => [mail.to, mail.subject])).toEqual([[owner.input.email, '1 new bid on your listings']]);
    expect(await a.deps.eventStore.readStream(digestStreamId(owner.user.id))).toHaveLength(1);

    // Each node's next pass that day finds it sent.
    expect(await Promise.all([a.bidDigests.runOnce(), b.bidDigests.runOnce()])).toEqual([0, 0]);
  });
});

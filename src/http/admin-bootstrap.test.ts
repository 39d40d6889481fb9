import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_BOOTSTRAP_STREAM } from '../domain/admin/bootstrap';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createOutboxMailer } from '../mail/outbox';
import { createMemoryReadStore } from '../read-store/memory';
import { send } from '../testing/admins';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import type { AdminBootstrapOptions } from './admin-bootstrap';
import { bootstrapAdmin } from './admin-bootstrap';
import { composeApp } from './compose';
import { createMemoryLogger } from './platform/logger';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function testApp() {
  const t = await createTestApp();
  cleanups.push(t.close);
  return t;
}


function bootOptions(t: TestApp, env: AdminBootstrapOptions['env'], printed: string[]): AdminBootstrapOptions {
  return {
    eventStore: t.deps.eventStore,
    readStore: t.deps.readStore,
    projections: t.runner,
    logger: t.logger,
    clock: t.deps.clock,
    env,
    print: (text) => printed.push(text),
  };
}

async function signIn(t: TestApp, username: string, password: string) {
  return send(t, 'POST', '/api/admin/login', { body: { username, password } });
}

describe('the first boot creates the super_admin', () => {
  it('from ADMIN_USERNAME, ADMIN_PASSWORD and ADMIN_EMAIL, printing nothing', async () => {
    const t = await testApp();
    const printed: string[] = [];
    const outcome = await bootstrapAdmin(bootOptions(t, { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-password', ADMIN_EMAIL: 'chief@example.com' }, printed));
    expect(outcome).toMatchObject({ status: 'created', username: 'chief', passwordGenerated: false });
    expect(printed).toEqual([]);
    const res = await signIn(t, 'chief', 'chief-password');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ admin: { username: 'chief', email: 'chief@example.com', role: 'super_admin', createdBy: null } });
    expect(JSON.stringify(t.logger.lines)).not.toContain('chief-password');
  });

  it("with none given, as 'admin' with a generated password printed once and logged nowhere", async () => {
    const t = await testApp();
    const printed: string[] = [];
    const outcome = await bootstrapAdmin(bootOptions(t, {}, printed));
    expect(outcome).toMatchObject({ status: 'created', username: 'admin', passwordGenerated: true });
    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed[0] ?? '')?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(printed[0]).toContain('username: admin');
    expect(printed[0]).toContain('shown only this once');
    expect(JSON.stringify(t.logger.lines)).not.toContain(password);
    expect(JSON.stringify(await t.deps.eventStore.readAll())).not.toContain(password);
    expect((await signIn(t, 'admin', password)).status).toBe(200);

    // The next boot finds the administrator: nothing created, nothing printed.
    expect(await bootstrapAdmin(bootOptions(t, {}, printed))).toEqual({ status: 'exists' });
    expect(await bootstrapAdmin(bootOptions(t, { ADMIN_USERNAME: 'other', ADMIN_PASSWORD: 'other-password' }, printed))).toEqual({ status: 'exists' });
    expect(printed).toHaveLength(1);
    expect(await t.deps.readStore.collection('admin_users').countDocuments()).toBe(1);
  });

  it('once when two nodes boot at once on the same log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bootstrap-'));
    const eventStore = createSqliteEventStore({ path: join(dir, 'events.db') });
    cleanups.push(async () => {
      await eventStore.close();
      rmSync(dir, { recursive: true, force: true });
    });
    // Two nodes: one log, each with its own read models.
    const nodes = await Promise.all(
      [1, 2].map(async () => {
        const readStore = createMemoryReadStore();
        const logger = createMemoryLogger();
        const composed = await composeApp({
          eventStore,
          readStore,
          mailer: createOutboxMailer({ dir: join(dir, 'outbox') }),
          logger,
          clock: () => new Date(),
          env: { publicUrl: 'http://localhost:3000', RATE_LIMITS: 'off' },
          sessionSecret: 'bootstrap-test-secret-'.repeat(3),
        });
        cleanups.push(() => composed.runner.stop());
        return { ...composed, readStore, logger };
      }),
    );
    const printed: string[] = [];
    const outcomes = await Promise.all(
      nodes.map((node) =>
        bootstrapAdmin({ eventStore, readStore: node.readStore, projections: node.runner, logger: node.logger, clock: () => new Date(), env: {}, print: (text) => printed.push(text) }),
      ),
    );
    // The loser either lost the claim or, if it came late, found the administrator.
    expect(outcomes.filter((o) => o.status === 'created')).toHaveLength(1);
    expect(printed).toHaveLength(1);
    const created = (await eventStore.readAll()).filter((e) => e.type === 'AdminCreated');
    expect(created).toHaveLength(1);
  });

  it('finishes the work of a node that died after claiming, once its claim is stale', async () => {
    const t = await testApp();
    await t.deps.eventStore.append(
      ADMIN_BOOTSTRAP_STREAM,
      [{ id: crypto.randomUUID(), type: 'AdminBootstrapClaimed', data: { adminId: 'dead-node-admin', at: new Date(Date.now() - 61_000).toISOString() } }],
      expected.noStream,
    );
    const printed: string[] = [];
    const outcome = await bootstrapAdmin(bootOptions(t, { ADMIN_PASSWORD: 'revived-password' }, printed));
    expect(outcome).toMatchObject({ status: 'created', adminId: 'dead-node-admin' });
    expect((await signIn(t, 'admin', 'revived-password')).status).toBe(200);
  });

  it('leaves a fresh claim to the node that holds it', async () => {
    const t = await testApp();
    await t.deps.eventStore.append(
      ADMIN_BOOTSTRAP_STREAM,
      [{ id: crypto.randomUUID(), type: 'AdminBootstrapClaimed', data: { adminId: 'busy-node-admin', at: new Date().toISOString() } }],
      expected.noStream,
    );
    expect(await bootstrapAdmin(bootOptions(t, {}, []))).toEqual({ status: 'claimed-elsewhere' });
  });
});

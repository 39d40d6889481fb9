import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { expected } from '../../event-store/port';
import { USERS } from '../../projections/accounts/users';
import { createBalancesProjection } from '../../testing/balances-projection';
import { socketTestKit } from '../../testing/socket-clients';
import type { TestApp } from '../../testing/test-app';
import { testAppPerTest } from '../../testing/test-app';
import { ADMIN_USERS } from '../../projections/admin/admin-users';
import { PROPERTIES } from '../../projections/listings/properties';
import { createPropertyWatchCheck } from '../platform/property-watch';
import { attachRealtime } from '../realtime';

const testApp = testAppPerTest();
const { cleanups, socketWith } = socketTestKit();
const at = '2026-11-24T10:00:00.000Z';

type Readiness = {
  status: string;
  subscription: { state: string; error?: string };
  projections: Array<{ name: string; caughtUp: boolean; failing?: Record<string, unknown> }>;
};

async function readiness(app: TestApp['app']) {
  const res = await app.request('/readyz');
  return { code: res.status, body: (await res.json()) as Readiness };
}

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function metricsOf(app: TestApp['app']) {
  return (await app.request('/metrics')).text();
}

describe('/readyz and /metrics while a store misbehaves', () => {
  it('name a projection stuck on an event, and recover by themselves once the store does', async () => {
    const { app, deps, faults } = await testApp({ projections: [createBalancesProjection()] });
    expect(await readiness(app)).toMatchObject({ code: 200, body: { status: 'ready', subscription: { state: 'live' } } });

    faults.readStore.failCollection('balances', { operations: ['updateOne'], times: Number.POSITIVE_INFINITY, error: () => new Error('primary stepped down') });
    const event = { id: crypto.randomUUID(), type: 'Deposited', data: { amount: 5, at } };
    const { position } = await deps.eventStore.append('wallet-a', [event], expected.noStream);
    const stuck = await until(() => readiness(app), ({ body }) => body.projections[0]?.failing !== undefined);
    expect(stuck.code).toBe(503);
    expect(stuck.body.status).toBe('failing');
    expect(stuck.body.projections).toEqual([
      {
        name: 'balances',
        position: undefined,
        caughtUp: false,
        lagMs: 0,
        failing: { eventId: event.id, eventType: 'Deposited', position, attempts: expect.any(Number), error: 'primary stepped down', since: expect.any(String) },
      },
    ]);
    expect(await metricsOf(app)).toContain('bidhome_projection_failing{projection="balances"} 1');

    faults.readStore.heal();
    const recovered = await until(() => readiness(app), ({ code }) => code === 200);
    expect(recovered.body).toMatchObject({ status: 'ready', projections: [{ name: 'balances', position, caughtUp: true }] });
    expect(recovered.body.projections[0]?.failing).toBeUndefined();
    expect(await metricsOf(app)).toContain('bidhome_projection_failing{projection="balances"} 0');
  });

  it('show the cause of a subscription the event store ended for good', async () => {
    const { app, faults } = await testApp({ projections: [createBalancesProjection()] });
    await faults.eventStore.dropSubscriptions(new Error('Access denied'), 'permanent');
    const { code, body } = await readiness(app);
    expect(code).toBe(503);
    expect(body).toMatchObject({ status: 'failing', subscription: { state: 'failed', error: 'Access denied' } });
  });

  it('stay ready through a retryable drop', async () => {
    const { app, deps, faults, runner } = await testApp({ projections: [createBalancesProjection()] });
    await faults.eventStore.dropSubscriptions(new Error('14 UNAVAILABLE: connection reset'), 'retryable');
    const { position } = await deps.eventStore.append('wallet-a', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 5, at } }], expected.noStream);
    expect(await runner.waitFor(position)).toBe(true);
    expect(await readiness(app)).toMatchObject({ code: 200, body: { status: 'ready', subscription: { state: 'live' } } });
  });
});

describe('the Socket.IO handshake while the read store fails', () => {
  it('refuses the socket with an error instead of an unhandled rejection', async () => {
    const { sessions, faults, logger } = await testApp();
    const server = createServer();
    const realtime = attachRealtime(server, { sessions, publicUrl: 'http://localhost:3000', logger, watchableProperty: async () => null });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => realtime.close());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookie = `${sessions.cookieName('user')}=${await sessions.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 0 })}`;

    faults.readStore.failCollection(USERS, { operations: ['findOne'] });
    await expect(socketWith(url, cookie)).rejects.toThrow('Session check failed');
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'socket session check failed' }));
    // The store answers again: the session is checked (this account does not exist).
    await expect(socketWith(url, cookie)).rejects.toThrow('Not authenticated');
  });

  it('answers a property:watch whose check throws, instead of an unhandled rejection', async () => {
    const { sessions, faults, logger, deps } = await testApp();
    const { readStore } = deps;
    const server = createServer();
    const realtime = attachRealtime(server, { sessions, publicUrl: 'http://localhost:3000', logger, watchableProperty: createPropertyWatchCheck(readStore) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => realtime.close());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookie = `${sessions.cookieName('admin')}=${await sessions.issue({ kind: 'admin', subject: 'a1', role: 'admin', version: 0 })}`;
    await readStore.collection(ADMIN_USERS).insertOne({ _id: 'a1', isActive: true, sessionVersion: 0 });
    const socket = await socketWith(url, cookie);

    faults.readStore.failCollection(PROPERTIES, { operations: ['findOne'] });
    expect(await socket.emitWithAck('property:watch', { propertyId: 'p1' })).toEqual({ ok: false, message: 'Please try again' });
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'property watch check failed' }));
    expect(await socket.emitWithAck('property:watch', { propertyId: 'p1' })).toEqual({ ok: false, message: 'Property not found' });
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createProjectionRunner } from '../projections/runner';
import { createMemoryReadStore } from '../read-store/memory';
import { createBalancesProjection } from '../testing/balances-projection';
import { createMemoryLogger } from './logger';
import type { Realtime } from './realtime';
import { ADMINS_ROOM, attachRealtime, propertyRoom, userRoom } from './realtime';
import { createSessions } from './session';

const sessions = createSessions({ secret: 'realtime-test-secret-'.repeat(3), secure: false });
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function startRealtime(): Promise<{ realtime: Realtime; url: string }> {
  const server = createServer();
  const realtime = attachRealtime(server, { sessions, publicUrl: 'http://localhost:3000', logger: createMemoryLogger() });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => realtime.close());
  return { realtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function cookieFor(kind: 'user' | 'admin', subject: string, role: string) {
  return `${sessions.cookieName(kind)}=${await sessions.issue({ kind, subject, role, version: 0 })}`;
}

function client(url: string, headers: Record<string, string> = {}): Socket {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
  cleanups.push(() => void socket.disconnect());
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}

function nothingWithin(socket: Socket, event: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onEvent = () => resolve(false);
    socket.once(event, onEvent);
    setTimeout(() => {
      socket.off(event, onEvent);
      resolve(true);
    }, ms);
  });
}

describe('realtime gateway', () => {
  it('refuses a connection without a valid session', async () => {
    const { url } = await startRealtime();
    await expect(connected(client(url))).rejects.toThrow('Not authenticated');
    await expect(connected(client(url, { cookie: 'session=forged.token.here' }))).rejects.toThrow('Not authenticated');
  });

  it('refuses a handshake from another site', async () => {
    const { url } = await startRealtime();
    const socket = client(url, { cookie: await cookieFor('user', 'u1', 'realtor'), origin: 'https://evil.example' });
    await expect(connected(socket)).rejects.toThrow();
  });

  it('puts users in their own room and administrators in the admins room, as the session says', async () => {
    const { url, realtime } = await startRealtime();
    const realtor = client(url, { cookie: await cookieFor('user', 'u1', 'realtor') });
    const other = client(url, { cookie: await cookieFor('user', 'u2', 'homeowner') });
    const admin = client(url, { cookie: await cookieFor('admin', 'a1', 'moderator') });
    await Promise.all([connected(realtor), connected(other), connected(admin)]);

    const credits = next(realtor, 'credits:changed');
    const quiet = nothingWithin(other, 'credits:changed', 100);
    realtime.push({ rooms: [userRoom('u1')], event: 'credits:changed', payload: { credits: 3 }, position: 7 });
    expect(await credits).toEqual({ credits: 3, position: 7 });
    expect(await quiet).toBe(true);

    const activity = next(admin, 'activity');
    const notForUsers = nothingWithin(realtor, 'activity', 100);
    realtime.push({ rooms: [ADMINS_ROOM], event: 'activity', payload: { action: 'login' }, position: 8 });
    expect(await activity).toEqual({ action: 'login', position: 8 });
    expect(await notForUsers).toBe(true);
  });

  it('lets a client watch and unwatch a property room, delivering once to a socket in several rooms', async () => {
    const { url, realtime } = await startRealtime();
    const owner = client(url, { cookie: await cookieFor('user', 'owner', 'homeowner') });
    await connected(owner);
    const bad = await owner.emitWithAck('property:watch', { propertyId: '../../etc' });
    expect(bad).toEqual({ ok: false, message: 'Invalid property id' });
    expect(await owner.emitWithAck('property:watch', { propertyId: 'p1' })).toEqual({ ok: true });

    const received: unknown[] = [];
    owner.on('property:bids', (payload) => received.push(payload));
    realtime.push({ rooms: [propertyRoom('p1'), userRoom('owner')], event: 'property:bids', payload: { propertyId: 'p1', bidCount: 1 }, position: 9 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([{ propertyId: 'p1', bidCount: 1, position: 9 }]);

    expect(await owner.emitWithAck('property:unwatch', { propertyId: 'p1' })).toEqual({ ok: true });
    const quiet = nothingWithin(owner, 'property:bids', 100);
    realtime.push({ rooms: [propertyRoom('p1')], event: 'property:bids', payload: { propertyId: 'p1', bidCount: 2 }, position: 10 });
    expect(await quiet).toBe(true);
  });

  it('carries an appended event through the projection to the socket, with its log position', async () => {
    const { url, realtime } = await startRealtime();
    const eventStore = createSqliteEventStore({ path: ':memory:' });
    const readStore = createMemoryReadStore();
    const runner = createProjectionRunner({ eventStore, readStore, projections: [createBalancesProjection()], onPush: realtime.push });
    await runner.start();
    cleanups.push(async () => {
      await runner.stop();
      await eventStore.close();
    });
    const socket = client(url, { cookie: await cookieFor('user', 'wallet-9', 'realtor') });
    await connected(socket);

    const pushed = next<{ credits: number; position: number }>(socket, 'credits:changed');
    const { position } = await eventStore.append('wallet-9', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 5, at: 'now' } }], expected.noStream);
    expect(await pushed).toEqual({ credits: 5, position });
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { PROPERTIES } from '../projections/listings/properties';
import { createProjectionRunner } from '../projections/runner';
import { SESSION_ENDED_PUSH } from '../projections/projection';
import { createMemoryReadStore } from '../read-store/memory';
import { createBalancesProjection } from '../testing/balances-projection';
import { until } from '../testing/process-manager-nodes';
import { createMemoryLogger } from './platform/logger';
import { createPropertyWatchCheck } from './platform/property-watch';
import type { Realtime } from './realtime';
import type { ActivityEntry } from '../contract/admin/activity';
import { ADMINS_ROOM, propertyRoom, userRoom } from '../contract/realtime';
import { attachRealtime } from './realtime';
import { createSessions } from './session';

const sessions = createSessions({ secret: 'realtime-test-secret-'.repeat(3), secure: false });
// The listings sockets may follow: p1 is active, p2 is its owner's inactive draft.
const listings = createMemoryReadStore();
await listings.collection(PROPERTIES).insertOne({ _id: 'p1', ownerId: 'owner', isActive: true });
await listings.collection(PROPERTIES).insertOne({ _id: 'p2', ownerId: 'owner', isActive: false });
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function startRealtime(): Promise<{ realtime: Realtime; url: string }> {
  const server = createServer();
  const watchableProperty = createPropertyWatchCheck(listings);
  const realtime = attachRealtime(server, { sessions, publicUrl: 'http://localhost:3000', logger: createMemoryLogger(), watchableProperty });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => realtime.close());
  return { realtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function cookieFor(kind: 'user' | 'admin', subject: string, role: string, version = 0) {
  return `${sessions.cookieName(kind)}=${await sessions.issue({ kind, subject, role, version })}`;
}

async function sessionIdOf(cookie: string, kind: 'user' | 'admin') {
  const claims = await sessions.verify(cookie.slice(cookie.indexOf('=') + 1), kind);
  if (!claims) throw new Error('no session in the cookie');
  return claims.sessionId;
}

function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', resolve));
}

function client(url: string, headers: Record<string, string> = {}): Socket {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
  cleanups.push(() => void socket.disconnect());
  return socket;
}

// Tests create a socket, then await the next cookie: it may already be connected when this is called.
function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
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

/** The gateway relays whatever a projection hands it; the entry's fields do not matter here. */
const anEntry = { action: 'login' } as unknown as ActivityEntry;

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
    realtime.push({ rooms: [ADMINS_ROOM], event: 'activity', payload: anEntry, position: 8 });
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
    expect(await owner.emitWithAck('property:watch', { propertyId: 'p2' })).toEqual({ ok: true });

    const received: unknown[] = [];
    owner.on('property:bids', (payload) => received.push(payload));
    realtime.push({ rooms: [propertyRoom('p1'), userRoom('owner')], event: 'property:bids', payload: { propertyId: 'p1', bidCount: 1 }, position: 9 });
    await until(() => received.length > 0);
    // Room for a second copy to arrive, if one were sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([{ propertyId: 'p1', bidCount: 1, position: 9 }]);

    expect(await owner.emitWithAck('property:unwatch', { propertyId: 'p1' })).toEqual({ ok: true });
    const quiet = nothingWithin(owner, 'property:bids', 100);
    realtime.push({ rooms: [propertyRoom('p1')], event: 'property:bids', payload: { propertyId: 'p1', bidCount: 2 }, position: 10 });
    expect(await quiet).toBe(true);
  });

  it('lets a client follow only listings that exist and that it may see, never another room', async () => {
    const { url, realtime } = await startRealtime();
    const stranger = client(url, { cookie: await cookieFor('user', 'stranger', 'realtor') });
    await connected(stranger);
    for (const propertyId of ['admins', 'missing', 'p2']) {
      expect(await stranger.emitWithAck('property:watch', { propertyId })).toEqual({ ok: false, message: 'Property not found' });
    }
    const quiet = nothingWithin(stranger, 'activity', 100);
    realtime.push({ rooms: [ADMINS_ROOM], event: 'activity', payload: anEntry, position: 1 });
    expect(await quiet).toBe(true);
    expect(await stranger.emitWithAck('property:watch', { propertyId: 'p1' })).toEqual({ ok: true });
  });

  it('disconnects the socket of a signed-out session, and only that one', async () => {
    const { url, realtime } = await startRealtime();
    const endedCookie = await cookieFor('user', 'u1', 'realtor');
    const ended = client(url, { cookie: endedCookie });
    const other = client(url, { cookie: await cookieFor('user', 'u1', 'realtor') });
    await Promise.all([connected(ended), connected(other)]);

    const gone = disconnected(ended);
    realtime.push({ rooms: [userRoom('u1')], event: SESSION_ENDED_PUSH, payload: { kind: 'user', subject: 'u1', sessionId: await sessionIdOf(endedCookie, 'user') }, position: 1 });
    expect(await gone).toBe('io server disconnect');

    const credits = next(other, 'credits:changed');
    realtime.push({ rooms: [userRoom('u1')], event: 'credits:changed', payload: { credits: 3 }, position: 2 });
    expect(await credits).toEqual({ credits: 3, position: 2 });
    expect(other.connected).toBe(true);
  });

  it('disconnects every socket of sessions issued before a new session version', async () => {
    const { url, realtime } = await startRealtime();
    const old = client(url, { cookie: await cookieFor('user', 'u1', 'realtor', 0) });
    const renewed = client(url, { cookie: await cookieFor('user', 'u1', 'realtor', 1) });
    const someoneElse = client(url, { cookie: await cookieFor('user', 'u2', 'realtor', 0) });
    await Promise.all([connected(old), connected(renewed), connected(someoneElse)]);

    const gone = disconnected(old);
    realtime.push({ rooms: [userRoom('u1')], event: SESSION_ENDED_PUSH, payload: { kind: 'user', subject: 'u1', sessionVersion: 1 }, position: 1 });
    expect(await gone).toBe('io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renewed.connected).toBe(true);
    expect(someoneElse.connected).toBe(true);
  });

  it('keeps a socket whose user session stands when its admin session ends, out of the admins room', async () => {
    const { url, realtime } = await startRealtime();
    const both = client(url, { cookie: `${await cookieFor('user', 'u1', 'realtor')}; ${await cookieFor('admin', 'a1', 'moderator')}` });
    await connected(both);

    realtime.push({ rooms: ['admin:a1'], event: SESSION_ENDED_PUSH, payload: { kind: 'admin', subject: 'a1', sessionVersion: 1 }, position: 1 });
    const quiet = nothingWithin(both, 'activity', 100);
    realtime.push({ rooms: [ADMINS_ROOM], event: 'activity', payload: anEntry, position: 2 });
    expect(await quiet).toBe(true);
    const credits = next(both, 'credits:changed');
    realtime.push({ rooms: [userRoom('u1')], event: 'credits:changed', payload: { credits: 1 }, position: 3 });
    expect(await credits).toEqual({ credits: 1, position: 3 });
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

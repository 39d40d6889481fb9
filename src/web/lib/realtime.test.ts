import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { knownPosition } from './api';
import { queryKeys } from './query-keys';
import { createRealtimeClient, type RealtimeClient } from './realtime';

let httpServer: HttpServer;
let io: Server;
let url: string;
let queryClient: QueryClient;
let client: RealtimeClient | undefined;
let received: Array<{ event: string; payload: unknown }>;

beforeEach(async () => {
  httpServer = createServer();
  io = new Server(httpServer);
  received = [];
  io.on('connection', (socket) => {
    socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, resolve));
  url = `http://localhost:${(httpServer.address() as AddressInfo).port}`;
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
});

afterEach(async () => {
  client?.close();
  client = undefined;
  queryClient.clear();
  await io.close();
});

async function connect(): Promise<ServerSocket> {
  const connected = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
  client = createRealtimeClient({ queryClient, url, socketOptions: { reconnectionDelay: 20, reconnectionDelayMax: 50 } });
  return connected;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Condition not met within 3 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function isInvalidated(key: readonly unknown[]): boolean {
  return queryClient.getQueryState(key)?.isInvalidated ?? false;
}

describe('realtime cache wiring', () => {
  it('sets the credits on the cached user and ignores an event older than the value shown', async () => {
    queryClient.setQueryData(queryKeys.user, { id: 'u1', credits: 0 });
    queryClient.setQueryData(queryKeys.adminActivity, []);
    const socket = await connect();

    socket.emit('credits:changed', { credits: 5, position: 10 });
    socket.emit('credits:changed', { credits: 4, position: 9 });
    // Events arrive in order, so once this one has landed the stale one was handled too.
    socket.emit('activity', { position: 12 });

    await until(() => isInvalidated(queryKeys.adminActivity));
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ id: 'u1', credits: 5 });
  });

  it('leaves a signed-out (null) user alone on credits:changed', async () => {
    queryClient.setQueryData(queryKeys.user, null);
    queryClient.setQueryData(queryKeys.adminActivity, []);
    const socket = await connect();

    socket.emit('credits:changed', { credits: 5, position: 1 });
    socket.emit('activity', { position: 2 });

    await until(() => isInvalidated(queryKeys.adminActivity));
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
  });

  it('patches bid counts where property data carries one and refreshes that property’s bid list', async () => {
    queryClient.setQueryData(queryKeys.properties, [
      { id: 'p1', title: 'A', bidCount: 1 },
      { id: 'p2', title: 'B', bidCount: 3 },
    ]);
    queryClient.setQueryData(queryKeys.property('p1'), { id: 'p1', title: 'A', bidCount: 1 });
    queryClient.setQueryData(queryKeys.ownProperties, [{ id: 'p1', bidCount: 1 }]);
    queryClient.setQueryData(queryKeys.propertyBids('p1'), [{ id: 'b1', propertyId: 'p1' }]);
    queryClient.setQueryData(queryKeys.propertyBids('p2'), [{ id: 'b2', propertyId: 'p2' }]);
    const untouchedList = queryClient.getQueryData(queryKeys.propertyBids('p2'));
    const socket = await connect();

    socket.emit('property:bids', { propertyId: 'p1', bidCount: 2, position: 5 });

    await until(() => isInvalidated(queryKeys.propertyBids('p1')));
    expect(queryClient.getQueryData(queryKeys.properties)).toEqual([
      { id: 'p1', title: 'A', bidCount: 2 },
      { id: 'p2', title: 'B', bidCount: 3 },
    ]);
    expect(queryClient.getQueryData(queryKeys.property('p1'))).toEqual({ id: 'p1', title: 'A', bidCount: 2 });
    expect(queryClient.getQueryData(queryKeys.ownProperties)).toEqual([{ id: 'p1', bidCount: 2 }]);
    expect(isInvalidated(queryKeys.propertyBids('p2'))).toBe(false);
    expect(queryClient.getQueryData(queryKeys.propertyBids('p2'))).toBe(untouchedList);
    expect(isInvalidated(queryKeys.properties)).toBe(false);
  });

  it('invalidates the bid list on bid:placed and the admin activity on activity', async () => {
    queryClient.setQueryData(queryKeys.propertyBids('p1'), []);
    queryClient.setQueryData(queryKeys.property('p1'), { id: 'p1' });
    queryClient.setQueryData(queryKeys.adminActivity, []);
    const socket = await connect();

    socket.emit('bid:placed', { id: 'b1', propertyId: 'p1', position: 3 });
    socket.emit('activity', { id: 'a1', action: 'login', position: 4 });

    await until(() => isInvalidated(queryKeys.propertyBids('p1')) && isInvalidated(queryKeys.adminActivity));
    expect(isInvalidated(queryKeys.property('p1'))).toBe(false);
  });

  it('refreshes every admin list on activity, but not the signed-in administrator', async () => {
    const lists = [queryKeys.adminUsers, queryKeys.adminVerifications, queryKeys.adminProperties, queryKeys.adminPayments, queryKeys.adminDashboard];
    for (const key of [...lists, queryKeys.adminMe, queryKeys.ownBids]) queryClient.setQueryData(key, []);
    const socket = await connect();

    socket.emit('activity', { id: 'a2', action: 'payment.succeed', position: 5 });

    await until(() => lists.every((key) => isInvalidated(key)));
    expect(isInvalidated(queryKeys.adminMe)).toBe(false);
    expect(isInvalidated(queryKeys.ownBids)).toBe(false);
  });

  it('watches a property once however many components ask, and unwatches after the last leaves', async () => {
    await connect();
    const realtime = client as RealtimeClient;

    const leaveFirst = realtime.watchProperty('p1');
    const leaveSecond = realtime.watchProperty('p1');
    await until(() => received.length === 1);
    leaveFirst();
    leaveFirst();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([{ event: 'property:watch', payload: { propertyId: 'p1' } }]);

    leaveSecond();
    await until(() => received.length === 2);
    expect(received[1]).toEqual({ event: 'property:unwatch', payload: { propertyId: 'p1' } });
  });

  it('after a reconnect, re-watches and refetches everything, since events may have been missed', async () => {
    queryClient.setQueryData(queryKeys.user, { id: 'u1', credits: 1 });
    queryClient.setQueryData(queryKeys.properties, []);
    const first = await connect();
    (client as RealtimeClient).watchProperty('p1');
    await until(() => received.length === 1);
    expect(isInvalidated(queryKeys.user)).toBe(false);

    const second = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
    // Dropping the transport (not a server-side disconnect) is what a network blip looks like.
    first.conn.close();
    await second;

    await until(() => received.length === 2);
    expect(received[1]).toEqual({ event: 'property:watch', payload: { propertyId: 'p1' } });
    expect(isInvalidated(queryKeys.user)).toBe(true);
    expect(isInvalidated(queryKeys.properties)).toBe(true);
  });

  it('after the server ends its session, connects once more: a renewed session comes back, an ended one stays out', async () => {
    let handshakes = 0;
    let refuse = false;
    io.use((_socket, next) => {
      handshakes += 1;
      next(refuse ? new Error('Not authenticated') : undefined);
    });
    const first = await connect();

    // A password change in this tab: the old session's socket is closed, the cookie already holds the new one.
    const second = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
    first.disconnect(true);
    (await second).disconnect(true);

    // Signed out: the next handshake is refused, and nothing retries it.
    refuse = true;
    await until(() => handshakes === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handshakes).toBe(3);
  });
});

describe('a socket only while signed in', () => {
  it('opens none for a visitor, one when a user signs in, a new handshake when the sessions change, none after the last sign-out', async () => {
    let handshakes = 0;
    io.use((_socket, next) => {
      handshakes += 1;
      next();
    });
    queryClient.setQueryData(queryKeys.user, null);
    client = createRealtimeClient({ queryClient, url, whileSignedIn: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(handshakes).toBe(0);

    const userSocket = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
    queryClient.setQueryData(queryKeys.user, { id: 'u1', credits: 0 });
    // What sign-in does after setting the session; the socket opened for it is not opened twice.
    client.reconnect();
    const first = await userSocket;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handshakes).toBe(1);

    // The same browser signs in to the back office: its socket's rooms come from a new handshake.
    const firstGone = new Promise<void>((resolve) => first.once('disconnect', () => resolve()));
    const adminSocket = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
    queryClient.setQueryData(queryKeys.adminMe, { id: 'a1' });
    await Promise.all([firstGone, adminSocket]);
    expect(handshakes).toBe(2);

    // Back-office sign-out: the user's session alone, in a new handshake.
    const userAgain = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
    queryClient.setQueryData(queryKeys.adminMe, null);
    const third = await userAgain;
    expect(handshakes).toBe(3);

    const thirdGone = new Promise<void>((resolve) => third.once('disconnect', () => resolve()));
    queryClient.setQueryData(queryKeys.user, null);
    await thirdGone;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(handshakes).toBe(3);
    expect(io.sockets.sockets.size).toBe(0);
  });

  it('waits for startAfter before it opens the socket of a user already signed in (the first page shown first)', async () => {
    let handshakes = 0;
    io.use((_socket, next) => {
      handshakes += 1;
      next();
    });
    queryClient.setQueryData(queryKeys.user, { id: 'u1', credits: 0 });
    let pageShown: () => void = () => {};
    const startAfter = new Promise<void>((resolve) => {
      pageShown = resolve;
    });
    client = createRealtimeClient({ queryClient, url, whileSignedIn: true, startAfter });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(handshakes).toBe(0);

    const connected = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
    pageShown();
    await connected;
    expect(handshakes).toBe(1);
  });
});

describe('read-your-writes across nodes', () => {
  it('remembers the position of every push, so the next request asks any node to have caught up with it', async () => {
    queryClient.setQueryData(queryKeys.adminActivity, []);
    const socket = await connect();

    socket.emit('bid:placed', { propertyId: 'p1', position: 1234 });
    socket.emit('activity', { position: 1200 });

    await until(() => isInvalidated(queryKeys.adminActivity));
    expect(knownPosition()).toBe(1234);
  });
});

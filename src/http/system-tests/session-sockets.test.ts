import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveServer } from '../../testing/live-server';
import { startLiveServer } from '../../testing/live-server';

/*
 * Sockets of an ended session, on the real server: the end is in the log, and
 * the node closes its own sockets as it follows the log.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function live(): Promise<LiveServer> {
  const server = await startLiveServer();
  cleanups.push(() => server.stop());
  return server;
}

function request(server: LiveServer, method: string, path: string, body?: unknown, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function cookieOf(res: Response, name: string): string {
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))?.split(';')[0];
  if (!cookie) throw new Error(`no ${name} cookie (${res.status})`);
  return cookie;
}

/** A socket that records every event it hears, and how it was disconnected. */
async function socketWith(server: LiveServer, cookie: string) {
  const socket: Socket = connect(server.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  cleanups.push(() => void socket.disconnect());
  const heard: string[] = [];
  socket.onAny((event: string) => heard.push(event));
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, heard, disconnected };
}

function next(socket: Socket, event: string, check: (payload: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listener = (payload: Record<string, unknown>) => {
      if (!check(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

async function registerAndSignInTwice(server: LiveServer) {
  const suffix = crypto.randomUUID().slice(0, 8);
  const registration = { username: `jane_${suffix}`, password: 'Secret123', email: `jane-${suffix}@example.com`, name: 'Jane Doe', role: 'realtor' };
  const registered = await request(server, 'POST', '/api/register', registration);
  expect(registered.status).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  const login = await request(server, 'POST', '/api/login', { username: registration.username, password: registration.password });
  expect(login.status).toBe(200);
  return { userId: id, first: cookieOf(registered, 'session'), second: cookieOf(login, 'session') };
}

async function signInChief(server: LiveServer) {
  const res = await request(server, 'POST', '/api/admin/login', { username: 'chief', password: 'chief-password' });
  expect(res.status).toBe(200);
  return cookieOf(res, 'admin_session');
}

/** An administrator sets the user's credits, which pushes `credits:changed` to the user's sockets. */
async function setCredits(server: LiveServer, chief: string, userId: string, credits: number) {
  expect((await request(server, 'PUT', `/api/admin/users/${userId}`, { credits }, chief)).status).toBe(200);
}

describe('sockets of an ended session', () => {
  it('signing out disconnects that session’s socket, which hears nothing after, while another session’s socket stays', async () => {
    const server = await live();
    const chief = await signInChief(server);
    const { userId, first, second } = await registerAndSignInTwice(server);
    const ended = await socketWith(server, first);
    const other = await socketWith(server, second);

    expect((await request(server, 'POST', '/api/logout', undefined, first)).status).toBe(200);
    expect(await ended.disconnected).toBe('io server disconnect');

    const pushed = next(other.socket, 'credits:changed');
    await setCredits(server, chief, userId, 7);
    expect(await pushed).toMatchObject({ credits: 7 });
    expect(ended.heard).toEqual([]);
    expect(other.socket.connected).toBe(true);
  });

  it('a password change disconnects the sockets of every earlier session; the session it renews connects anew', async () => {
    const server = await live();
    const chief = await signInChief(server);
    const { userId, first, second } = await registerAndSignInTwice(server);
    const changing = await socketWith(server, first);
    const elsewhere = await socketWith(server, second);

    const changed = await request(server, 'PUT', '/api/user/change-password', { currentPassword: 'Secret123', newPassword: 'Secret456' }, first);
    expect(changed.status).toBe(200);
    expect(await changing.disconnected).toBe('io server disconnect');
    expect(await elsewhere.disconnected).toBe('io server disconnect');

    const renewed = await socketWith(server, cookieOf(changed, 'session'));
    const pushed = next(renewed.socket, 'credits:changed');
    await setCredits(server, chief, userId, 4);
    expect(await pushed).toMatchObject({ credits: 4 });
    expect(changing.heard).toEqual([]);
    expect(elsewhere.heard).toEqual([]);
  });

  it('deactivating an administrator disconnects their socket, which hears no more activity', async () => {
    const server = await live();
    const chief = await signInChief(server);
    const created = await request(server, 'POST', '/api/admin/admin-users', { username: 'moe', password: 'moe-password', name: 'Moe', email: 'moe@example.com', role: 'moderator' }, chief);
    expect(created.status).toBe(201);
    const { id: moeId } = (await created.json()) as { id: string };
    const moeLogin = await request(server, 'POST', '/api/admin/login', { username: 'moe', password: 'moe-password' });
    const moe = await socketWith(server, cookieOf(moeLogin, 'admin_session'));
    const watcher = await socketWith(server, chief);

    expect((await request(server, 'POST', `/api/admin/admin-users/${moeId}/deactivate`, undefined, chief)).status).toBe(200);
    expect(await moe.disconnected).toBe('io server disconnect');

    const logged = next(watcher.socket, 'activity', (entry) => entry.action === 'user.register');
    await registerAndSignInTwice(server);
    await logged;
    expect(moe.heard).toEqual([]);
    expect(watcher.socket.connected).toBe(true);
  });
});

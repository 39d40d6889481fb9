import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { createMemoryLogger } from '../../platform/logger';
import { startServer } from '../../server';
import { socketTestKit } from '../../../testing/socket-clients';

const { cleanups, socketWith } = socketTestKit();

const BROWSER = { 'user-agent': 'RealtimeTest/2.0' };

function post(url: string, body: unknown, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function cookieOf(res: Response, name: string): string {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))?.split(';')[0] ?? '';
}

function nextActivity(socket: Socket, action: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listener = (entry: Record<string, unknown>) => {
      if (entry.action !== action) return;
      socket.off('activity', listener);
      resolve(entry);
    };
    socket.on('activity', listener);
  });
}

describe('the admin activity feed on a running server', () => {
  it('boots with the configured super_admin and pushes each new entry to signed-in administrators only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-realtime-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const env = loadEnv({ PORT: '0', DATA_DIR: dir, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-password', ADMIN_EMAIL: 'chief@example.com' });
    const printed: string[] = [];
    const server = await startServer(env, createMemoryLogger(), { print: (text) => printed.push(text) });
    let stopped = false;
    cleanups.push(() => (stopped ? undefined : server.stop()));
    expect(printed).toEqual([]);

    const login = await post(`${server.url}/api/admin/login`, { username: 'chief', password: 'chief-password' });
    expect(login.status).toBe(200);
    const admin = await socketWith(server.url, cookieOf(login, 'admin_session'));

    const registration = { username: 'jane_doe', password: 'Secret123', email: 'jane@example.com', name: 'Jane Doe', role: 'homeowner' };
    const pushed = nextActivity(admin, 'user.register');
    const registered = await post(`${server.url}/api/register`, registration);
    expect(registered.status).toBe(201);
    const entry = await pushed;
    expect(entry).toMatchObject({
      actorType: 'user',
      actorName: 'Jane Doe',
      action: 'user.register',
      resourceType: 'user',
      // The TCP peer: this test's own loopback connection.
      ipAddress: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
      userAgent: 'RealtimeTest/2.0',
      position: expect.any(Number),
    });

    // A user's socket is not in the admins room.
    const user = await socketWith(server.url, cookieOf(registered, 'session'));
    const userHeard: unknown[] = [];
    user.on('activity', (payload) => userHeard.push(payload));
    const created = nextActivity(admin, 'admin.create');
    const res = await post(
      `${server.url}/api/admin/admin-users`,
      { username: 'moe', password: 'moe-password', name: 'Moe', email: 'moe@example.com', role: 'moderator' },
      cookieOf(login, 'admin_session'),
    );
    expect(res.status).toBe(201);
    expect(await created).toMatchObject({ action: 'admin.create', actorType: 'admin', actorName: 'Administrator', resourceId: ((await res.json()) as { id: string }).id });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(userHeard).toEqual([]);

    // A second boot on the same data finds the administrator and creates nothing.
    await server.stop();
    stopped = true;
    const second = await startServer(loadEnv({ PORT: '0', DATA_DIR: dir }), createMemoryLogger(), { print: (text) => printed.push(text) });
    cleanups.push(() => second.stop());
    expect(printed).toEqual([]);
    const list = await fetch(`${second.url}/api/admin/admin-users`, { headers: { cookie: cookieOf(login, 'admin_session') } });
    expect(((await list.json()) as { items: Array<{ username: string }> }).items.map((a) => a.username)).toEqual(['chief', 'moe']);
  });
});

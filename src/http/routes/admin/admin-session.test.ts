import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT, ROOT, cookieFrom, registerUser, seedAdmin, seedSuperAdmin, send, signInAdmin } from '../../../testing/admins';
import { TEST_ORIGIN, createTestApp } from '../../../testing/test-app';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const NOW = '2026-11-22T10:00:00.000Z';

async function testApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const built = await createTestApp({ now: () => new Date(NOW), ...options });
  close = built.close;
  return built;
}

const ADMIN_FIELDS = ['id', 'username', 'name', 'email', 'role', 'isActive', 'lastLogin', 'createdAt', 'createdBy'].sort();

describe('POST /api/admin/login', () => {
  it('signs the administrator in with its own cookie and answers { admin }', async () => {
    const t = await testApp();
    const rootId = await seedSuperAdmin(t);
    const res = await send(t, 'POST', '/api/admin/login', { body: { username: 'ROOT', password: ROOT.password } });
    expect(res.status).toBe(200);
    const { admin } = (await res.json()) as { admin: Record<string, unknown> };
    expect(Object.keys(admin).sort()).toEqual(ADMIN_FIELDS);
    expect(admin).toEqual({
      id: rootId,
      username: 'root',
      name: 'Administrator',
      email: ROOT.email,
      role: 'super_admin',
      isActive: true,
      lastLogin: NOW,
      createdAt: NOW,
      createdBy: null,
    });
    const setCookie = res.headers.getSetCookie();
    expect(setCookie.join('\n')).toMatch(/^admin_session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/m);
    // Users' cookie is left alone.
    expect(setCookie.some((line) => line.startsWith('session='))).toBe(false);

    const me = await send(t, 'GET', '/api/admin/me', { cookie: cookieFrom(res, 'admin_session') });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ admin });
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: '', password: 'x' }, 'Username is required'],
    [{ username: 'root' }, 'Password is required'],
    [{ username: 'root', password: '' }, 'Password is required'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const t = await testApp();
    const res = await send(t, 'POST', '/api/admin/login', { body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it('answers 401 Invalid credentials for a wrong password or an unknown username, setting no cookie', async () => {
    const t = await testApp();
    await seedSuperAdmin(t);
    for (const body of [{ username: 'root', password: 'wrong-password' }, { username: 'nobody', password: ROOT.password }]) {
      const res = await send(t, 'POST', '/api/admin/login', { body });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid credentials' });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("does not let a user's credentials into the back office", async () => {
    const t = await testApp();
    await registerUser(t, 'jane');
    const res = await send(t, 'POST', '/api/admin/login', { body: { username: 'jane', password: 'Secret123' } });
    expect(res.status).toBe(401);
  });

  it('limits guesses per account when rate limits are on', async () => {
    const t = await testApp({ rateLimits: 'on' });
    await seedSuperAdmin(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(t, 'POST', '/api/admin/login', { body: { username: 'root', password: `wrong-${i}` } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password waits out the window.
    const right = await send(t, 'POST', '/api/admin/login', { body: { username: 'root', password: ROOT.password } });
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });

  it("locks out the guessing address only: the administrator signs in from another", async () => {
    const t = await testApp({ rateLimits: 'on', trustProxy: 1 });
    await seedSuperAdmin(t);
    const signIn = (password: string, address: string) =>
      t.app.request(
        '/api/admin/login',
        { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ username: 'root', password }) },
        { incoming: { socket: { remoteAddress: '10.0.0.2' } } },
      );
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong-${i}`, '192.0.2.66')).status).toBe(401);
    expect((await signIn(ROOT.password, '192.0.2.66')).status).toBe(429);
    expect((await signIn(ROOT.password, CLIENT.ip)).status).toBe(200);
  });

  it('records the address the trusted proxy saw in the activity log, not the proxy\'s', async () => {
    const t = await testApp({ trustProxy: 1 });
    await seedSuperAdmin(t);
    const res = await t.app.request(
      '/api/admin/login',
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': `6.6.6.6, ${CLIENT.ip}` },
        body: JSON.stringify({ username: 'root', password: ROOT.password }),
      },
      { incoming: { socket: { remoteAddress: '10.0.0.2' } } },
    );
    expect(res.status).toBe(200);
    const log = await send(t, 'GET', '/api/admin/activity?action=admin.login', { cookie: cookieFrom(res, 'admin_session') });
    const { items } = (await log.json()) as { items: Array<{ ipAddress: string | null }> };
    expect(items.map((entry) => entry.ipAddress)).toEqual([CLIENT.ip]);
  });

  it('records the sign-in in the activity log with the IP address and user agent', async () => {
    const t = await testApp();
    const rootId = await seedSuperAdmin(t);
    const cookie = await signInAdmin(t, 'root', ROOT.password);
    const res = await send(t, 'GET', '/api/admin/activity?action=admin.login', { cookie });
    const { items } = (await res.json()) as { items: Array<Record<string, unknown>> };
    expect(items).toEqual([
      expect.objectContaining({
        actorType: 'admin',
        actorId: rootId,
        actorName: 'Administrator',
        action: 'admin.login',
        resourceType: 'admin',
        resourceId: rootId,
        ipAddress: CLIENT.ip,
        userAgent: CLIENT.userAgent,
        createdAt: NOW,
      }),
    ]);
  });
});

describe('GET /api/admin/me and POST /api/admin/logout', () => {
  it('answers 401 when signed out', async () => {
    const t = await testApp();
    const res = await send(t, 'GET', '/api/admin/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('signs out by clearing the admin cookie, and succeeds when already signed out', async () => {
    const t = await testApp();
    await seedSuperAdmin(t);
    const cookie = await signInAdmin(t, 'root', ROOT.password);
    const res = await send(t, 'POST', '/api/admin/logout', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/^admin_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/m);
    expect((await send(t, 'POST', '/api/admin/logout')).status).toBe(200);
  });
});

describe('users and administrators stay apart', () => {
  it('a user session never passes an admin route, and an admin session never passes a user route', async () => {
    const t = await testApp();
    await seedSuperAdmin(t);
    const { cookie: userCookie } = await registerUser(t, 'jane');
    const adminCookie = await signInAdmin(t, 'root', ROOT.password);

    for (const path of ['/api/admin/me', '/api/admin/admin-users', '/api/admin/users', '/api/admin/dashboard', '/api/admin/activity']) {
      expect((await send(t, 'GET', path, { cookie: userCookie })).status, path).toBe(401);
    }
    // The user's token under the admin cookie's name is no admin session either.
    const forged = `admin_session=${userCookie.split('=')[1] ?? ''}`;
    expect((await send(t, 'GET', '/api/admin/me', { cookie: forged })).status).toBe(401);

    expect((await send(t, 'GET', '/api/user', { cookie: adminCookie })).status).toBe(401);
    const swapped = `session=${adminCookie.split('=')[1] ?? ''}`;
    expect((await send(t, 'GET', '/api/user', { cookie: swapped })).status).toBe(401);
  });
});

describe('deactivated administrators', () => {
  it('cannot sign in, and their open sessions end', async () => {
    const t = await testApp();
    const rootId = await seedSuperAdmin(t);
    await seedAdmin(t, rootId, { username: 'mod', password: 'mod-password', role: 'moderator' });
    const rootCookie = await signInAdmin(t, 'root', ROOT.password);
    const modCookie = await signInAdmin(t, 'mod', 'mod-password');
    expect((await send(t, 'GET', '/api/admin/me', { cookie: modCookie })).status).toBe(200);

    const list = ((await (await send(t, 'GET', '/api/admin/admin-users', { cookie: rootCookie })).json()) as { items: Array<{ id: string; username: string }> }).items;
    const modId = list.find((admin) => admin.username === 'mod')?.id ?? '';
    expect((await send(t, 'POST', `/api/admin/admin-users/${modId}/deactivate`, { cookie: rootCookie })).status).toBe(200);

    expect((await send(t, 'GET', '/api/admin/me', { cookie: modCookie })).status).toBe(401);
    expect((await send(t, 'GET', '/api/admin/users', { cookie: modCookie })).status).toBe(401);
    const again = await send(t, 'POST', '/api/admin/login', { body: { username: 'mod', password: 'mod-password' } });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: 'Invalid credentials' });
  });
});

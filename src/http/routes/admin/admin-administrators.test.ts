import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, seedAdmin, seedSuperAdmin, send, signInAdmin } from '../../../testing/admins';
import { expectPagingRefusals, getListPage, pageThroughList } from '../../../testing/list-contract';
import { createTestApp } from '../../../testing/test-app';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A clock that moves on a second per reading, so creation order shows in createdAt. */
function tickingClock() {
  let now = Date.parse('2026-11-22T10:00:00.000Z');
  return () => new Date((now += 1000));
}

/** An app with root (super_admin), an admin and a moderator, each signed in. */
async function backOffice() {
  const t = await createTestApp({ now: tickingClock() });
  close = t.close;
  const rootId = await seedSuperAdmin(t);
  const adminId = await seedAdmin(t, rootId, { username: 'ann', password: 'ann-password', role: 'admin' });
  const moderatorId = await seedAdmin(t, rootId, { username: 'mo', password: 'mo-password', role: 'moderator' });
  return {
    t,
    rootId,
    adminId,
    moderatorId,
    root: await signInAdmin(t, 'root', ROOT.password),
    admin: await signInAdmin(t, 'ann', 'ann-password'),
    moderator: await signInAdmin(t, 'mo', 'mo-password'),
  };
}

const newAdmin = { username: 'new_mod', password: 'secret1', name: 'New Moderator', email: 'new.mod@example.com', role: 'moderator' };

describe('GET /api/admin/admin-users', () => {
  it('lists every administrator, oldest first, to any administrator, without hashes', async () => {
    const { t, rootId, admin, moderator } = await backOffice();
    for (const cookie of [admin, moderator]) {
      const res = await send(t, 'GET', '/api/admin/admin-users', { cookie });
      expect(res.status).toBe(200);
      const list = (await res.json()) as { items: Array<Record<string, unknown>>; nextCursor: string | null; total: number };
      expect(list.items.map((a) => [a.username, a.role, a.isActive, a.createdBy])).toEqual([
        ['root', 'super_admin', true, null],
        ['ann', 'admin', true, rootId],
        ['mo', 'moderator', true, rootId],
      ]);
      expect(list).toMatchObject({ nextCursor: null, total: 3 });
      expect(JSON.stringify(list)).not.toMatch(/scrypt|password|sessionVersion|_position/i);
    }
  });

  it('pages through every administrator exactly once, and filters by search, role and active', async () => {
    const { t, rootId, root } = await backOffice();
    for (const username of ['zed', 'yan', 'xia']) await seedAdmin(t, rootId, { username, password: `${username}-password`, role: 'moderator' });
    await send(t, 'POST', `/api/admin/admin-users/${await idOf(t, root, 'yan')}/deactivate`, { cookie: root });
    const order = ['root', 'ann', 'mo', 'zed', 'yan', 'xia'];
    for (const limit of [2, 3]) {
      const { items, total } = await pageThroughList<{ id: string; username: string }>(t, '/api/admin/admin-users', root, limit);
      expect(items.map((a) => a.username)).toEqual(order);
      expect(total).toBe(6);
    }
    const usernames = async (query: Record<string, string>) => (await getListPage<{ username: string }>(t, '/api/admin/admin-users', root, query)).items.map((a) => a.username);
    expect(await usernames({ role: 'moderator' })).toEqual(['mo', 'zed', 'yan', 'xia']);
    expect(await usernames({ active: 'false' })).toEqual(['yan']);
    expect(await usernames({ active: 'true', role: 'moderator' })).toEqual(['mo', 'zed', 'xia']);
    expect(await usernames({ search: 'ANN' })).toEqual(['ann']);
    expect(await usernames({ search: 'xia@example' })).toEqual(['xia']);
    expect((await getListPage(t, '/api/admin/admin-users', root, { role: 'moderator', limit: '1' })).total).toBe(4);
    await expectPagingRefusals(t, '/api/admin/admin-users', root);
    for (const [query, message] of [
      ['role=owner', 'Role must be super_admin, admin or moderator'],
      ['active=1', 'Active must be true or false'],
    ]) {
      const res = await send(t, 'GET', `/api/admin/admin-users?${query}`, { cookie: root });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
  });
});

async function idOf(t: Awaited<ReturnType<typeof createTestApp>>, cookie: string, username: string): Promise<string> {
  const { items } = await getListPage<{ id: string; username: string }>(t, '/api/admin/admin-users', cookie, { search: username });
  return items.find((a) => a.username === username)?.id ?? '';
}

describe('POST /api/admin/admin-users', () => {
  it('creates an administrator who can then sign in (super_admin only)', async () => {
    const { t, rootId, root } = await backOffice();
    const res = await send(t, 'POST', '/api/admin/admin-users', { cookie: root, body: newAdmin });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: 'new_mod',
      name: 'New Moderator',
      email: 'new.mod@example.com',
      role: 'moderator',
      isActive: true,
      lastLogin: null,
      createdAt: expect.stringMatching(/^2026-11-22T10:00:\d\d\.000Z$/),
      createdBy: rootId,
    });
    const login = await send(t, 'POST', '/api/admin/login', { body: { username: 'new_mod', password: 'secret1' } });
    expect(login.status).toBe(200);
    const events = await t.deps.eventStore.readStream(`admin-${String(created.id)}`);
    expect(events.map((e) => e.type)).toEqual(['AdminCreated', 'AdminPasswordSet', 'AdminSignedIn']);
  });

  it.each([
    [{ username: undefined }, 'Username is required'],
    [{ username: 'x' }, 'Username must be at least 3 characters'],
    [{ password: undefined }, 'Password is required'],
    [{ password: 'short' }, 'Password must be at least 6 characters long'],
    [{ name: '' }, 'Name is required'],
    [{ email: undefined }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ role: undefined }, 'Role must be admin or moderator'],
    [{ role: 'super_admin' }, 'Role must be admin or moderator'],
  ])('refuses %j with 400 %s', async (change, message) => {
    const { t, root } = await backOffice();
    const res = await send(t, 'POST', '/api/admin/admin-users', { cookie: root, body: { ...newAdmin, ...change } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it('refuses a taken username or email, whatever the case, with 409', async () => {
    const { t, root } = await backOffice();
    expect((await send(t, 'POST', '/api/admin/admin-users', { cookie: root, body: newAdmin })).status).toBe(201);
    const sameName = await send(t, 'POST', '/api/admin/admin-users', { cookie: root, body: { ...newAdmin, username: 'NEW_MOD', email: 'other@example.com' } });
    expect(sameName.status).toBe(409);
    expect(await sameName.json()).toEqual({ message: 'Username already exists' });
    const sameEmail = await send(t, 'POST', '/api/admin/admin-users', { cookie: root, body: { ...newAdmin, username: 'other', email: 'NEW.MOD@example.com' } });
    expect(sameEmail.status).toBe(409);
    expect(await sameEmail.json()).toEqual({ message: 'Email already exists' });
    // The refused request gave its username back.
    const retry = await send(t, 'POST', '/api/admin/admin-users', { cookie: root, body: { ...newAdmin, username: 'other', email: 'third@example.com' } });
    expect(retry.status).toBe(201);
  });

  it('is forbidden to admins and moderators, and needs a session', async () => {
    const { t, admin, moderator } = await backOffice();
    for (const cookie of [admin, moderator]) {
      const res = await send(t, 'POST', '/api/admin/admin-users', { cookie, body: newAdmin });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Forbidden' });
    }
    expect((await send(t, 'POST', '/api/admin/admin-users', { body: newAdmin })).status).toBe(401);
  });
});

describe('PUT /api/admin/admin-users/{adminId}/password', () => {
  it("lets a super_admin set another's password, ending that administrator's sessions", async () => {
    const { t, adminId, root, admin } = await backOffice();
    const res = await send(t, 'PUT', `/api/admin/admin-users/${adminId}/password`, { cookie: root, body: { password: 'brand-new' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Admin password updated successfully' });
    expect((await send(t, 'GET', '/api/admin/me', { cookie: admin })).status).toBe(401);
    expect((await send(t, 'POST', '/api/admin/login', { body: { username: 'ann', password: 'ann-password' } })).status).toBe(401);
    expect((await send(t, 'POST', '/api/admin/login', { body: { username: 'ann', password: 'brand-new' } })).status).toBe(200);
  });

  it('lets administrators set their own, keeping them signed in with a fresh cookie', async () => {
    const { t, moderatorId, moderator } = await backOffice();
    const res = await send(t, 'PUT', `/api/admin/admin-users/${moderatorId}/password`, { cookie: moderator, body: { password: 'mine-now' } });
    expect(res.status).toBe(200);
    expect((await send(t, 'GET', '/api/admin/me', { cookie: moderator })).status).toBe(401);
    const fresh = res.headers.getSetCookie().find((line) => line.startsWith('admin_session='))?.split(';')[0] ?? '';
    expect((await send(t, 'GET', '/api/admin/me', { cookie: fresh })).status).toBe(200);
  });

  it("is forbidden for another administrator's password unless a super_admin asks", async () => {
    const { t, rootId, adminId, admin, moderator } = await backOffice();
    for (const [cookie, target] of [[admin, rootId], [moderator, adminId]] as const) {
      const res = await send(t, 'PUT', `/api/admin/admin-users/${target}/password`, { cookie, body: { password: 'hijacked' } });
      expect(res.status).toBe(403);
    }
  });

  it('wants at least 6 characters, and a known administrator', async () => {
    const { t, adminId, root } = await backOffice();
    const short = await send(t, 'PUT', `/api/admin/admin-users/${adminId}/password`, { cookie: root, body: { password: '12345' } });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: 'Password must be at least 6 characters long', errors: { password: 'Password must be at least 6 characters long' } });
    const unknown = await send(t, 'PUT', '/api/admin/admin-users/no-such-admin/password', { cookie: root, body: { password: '123456' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Administrator not found' });
    expect((await send(t, 'PUT', `/api/admin/admin-users/${adminId}/password`, { body: { password: '123456' } })).status).toBe(401);
  });
});

describe('POST /api/admin/admin-users/{adminId}/deactivate', () => {
  it('deactivates (super_admin only) and answers the administrator', async () => {
    const { t, adminId, root } = await backOffice();
    const res = await send(t, 'POST', `/api/admin/admin-users/${adminId}/deactivate`, { cookie: root });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: adminId, username: 'ann', isActive: false });
    // Again: nothing new, same answer.
    const again = await send(t, 'POST', `/api/admin/admin-users/${adminId}/deactivate`, { cookie: root });
    expect(again.status).toBe(200);
    expect((await t.deps.eventStore.readStream(`admin-${adminId}`)).filter((e) => e.type === 'AdminDeactivated')).toHaveLength(1);
  });

  it('is forbidden to admins and moderators, and on oneself', async () => {
    const { t, rootId, moderatorId, root, admin, moderator } = await backOffice();
    for (const cookie of [admin, moderator]) {
      expect((await send(t, 'POST', `/api/admin/admin-users/${moderatorId}/deactivate`, { cookie })).status).toBe(403);
    }
    const self = await send(t, 'POST', `/api/admin/admin-users/${rootId}/deactivate`, { cookie: root });
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ message: 'You cannot deactivate your own account' });
  });

  it('answers 404 for an unknown administrator and 401 when signed out', async () => {
    const { t, adminId, root } = await backOffice();
    expect((await send(t, 'POST', '/api/admin/admin-users/nobody/deactivate', { cookie: root })).status).toBe(404);
    expect((await send(t, 'POST', `/api/admin/admin-users/${adminId}/deactivate`)).status).toBe(401);
  });
});

describe('POST /api/admin/admin-users/{adminId}/reactivate', () => {
  it('reactivates a deactivated administrator (super_admin only), who signs in again; old sessions stay ended', async () => {
    const { t, adminId, moderatorId, root, admin, moderator } = await backOffice();
    await send(t, 'POST', `/api/admin/admin-users/${adminId}/deactivate`, { cookie: root });
    await send(t, 'POST', `/api/admin/admin-users/${moderatorId}/deactivate`, { cookie: root });
    expect((await send(t, 'POST', `/api/admin/admin-users/${moderatorId}/reactivate`, { cookie: root })).status).toBe(200);
    const moderatorAgain = await signInAdmin(t, 'mo', 'mo-password');
    expect(moderator).not.toBe(moderatorAgain);
    const refused = await send(t, 'POST', `/api/admin/admin-users/${adminId}/reactivate`, { cookie: moderatorAgain });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Forbidden' });

    const res = await send(t, 'POST', `/api/admin/admin-users/${adminId}/reactivate`, { cookie: root });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: adminId, username: 'ann', isActive: true });
    const again = await send(t, 'POST', `/api/admin/admin-users/${adminId}/reactivate`, { cookie: root });
    expect(again.status).toBe(200);
    expect((await t.deps.eventStore.readStream(`admin-${adminId}`)).filter((e) => e.type === 'AdminReactivated')).toHaveLength(1);

    // The session from before the deactivation stays ended; a new sign-in works.
    expect((await send(t, 'GET', '/api/admin/me', { cookie: admin })).status).toBe(401);
    const fresh = await signInAdmin(t, 'ann', 'ann-password');
    expect((await send(t, 'GET', '/api/admin/me', { cookie: fresh })).status).toBe(200);
  });

  it('answers 404 for an unknown administrator and 401 when signed out', async () => {
    const { t, adminId, root } = await backOffice();
    expect((await send(t, 'POST', '/api/admin/admin-users/nobody/reactivate', { cookie: root })).status).toBe(404);
    expect((await send(t, 'POST', `/api/admin/admin-users/${adminId}/reactivate`)).status).toBe(401);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, registerUser, seedAdmin, seedSuperAdmin, send, signInAdmin } from '../../../testing/admins';
import { getListPage } from '../../../testing/list-contract';
import { createTestApp } from '../../../testing/test-app';
import { CREDITS_REALTORS_ONLY } from '../../../domain/accounts/identity';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function withUsers() {
  const t = await createTestApp();
  close = t.close;
  const rootId = await seedSuperAdmin(t);
  await seedAdmin(t, rootId, { username: 'mo', password: 'mo-password', role: 'moderator' });
  const jane = await registerUser(t, 'jane_doe', 'Jane Doe');
  const bob = await registerUser(t, 'bobby', 'Bob Stone');
  return { t, rootId, jane, bob, root: await signInAdmin(t, 'root', ROOT.password), moderator: await signInAdmin(t, 'mo', 'mo-password') };
}

const VIEW_FIELDS = ['id', 'username', 'name', 'email', 'phone', 'role', 'credits', 'emailVerified', 'isVerified', 'verificationStatus', 'createdAt'].sort();

describe('GET /api/admin/users', () => {
  it('lists users with no secrets, newest first, on the list contract', async () => {
    const { t, jane, bob, moderator } = await withUsers();
    const res = await send(t, 'GET', '/api/admin/users', { cookie: moderator });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { items: Array<Record<string, unknown>>; nextCursor: string | null; total: number };
    expect(list.items.map((u) => u.id)).toEqual([bob.userId, jane.userId]);
    expect(list).toMatchObject({ nextCursor: null, total: 2 });
    expect(Object.keys(list.items[1] ?? {}).sort()).toEqual(VIEW_FIELDS);
    expect(list.items[1]).toMatchObject({ username: 'jane_doe', name: 'Jane Doe', email: 'jane_doe@example.com', role: 'realtor', credits: 0, emailVerified: false, verificationStatus: 'none' });
  });

  it('searches name, username or email, case-insensitively, taking the term literally', async () => {
    const { t, jane, bob, root } = await withUsers();
    const search = async (term: string) => (await getListPage<{ id: string }>(t, '/api/admin/users', root, { search: term })).items.map((u) => u.id);
    expect(await search('JANE D')).toEqual([jane.userId]);
    expect(await search('BOBBY')).toEqual([bob.userId]);
    expect(await search('bobby@EXAMPLE')).toEqual([bob.userId]);
    expect(await search('stone')).toEqual([bob.userId]);
    expect(await search('.*')).toEqual([]);
    expect(await search('')).toHaveLength(2);
  });

  it('needs an admin session', async () => {
    const { t, jane } = await withUsers();
    expect((await send(t, 'GET', '/api/admin/users')).status).toBe(401);
    expect((await send(t, 'GET', '/api/admin/users', { cookie: jane.cookie })).status).toBe(401);
  });
});

describe('PUT /api/admin/users/{userId}', () => {
  it('sets credits from a typed number, recording the administrator and the reason', async () => {
    const { t, rootId, jane, root } = await withUsers();
    const res = await send(t, 'PUT', `/api/admin/users/${jane.userId}`, { cookie: root, body: { credits: '12', password: '' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: jane.userId, credits: 12 });
    const events = await t.deps.eventStore.readStream(`user-${jane.userId}`);
    const ledger = events.filter((e) => e.type === 'CreditsSetByAdmin');
    expect(ledger.map((e) => e.data)).toEqual([{ credits: 12, previousCredits: 0, adminId: rootId, reason: 'Set by administrator', at: expect.any(String) }]);
    // The password was left empty: no change.
    expect(events.filter((e) => e.type === 'PasswordSet')).toHaveLength(1);
  });

  it('sets credits on realtors only: a homeowner could never spend them (400, nothing written)', async () => {
    const { t, root } = await withUsers();
    const registered = await send(t, 'POST', '/api/register', {
      body: { username: 'home_owner', password: 'Secret123', email: 'home_owner@example.com', name: 'Hana Owner', role: 'homeowner' },
    });
    const homeowner = (await registered.json()) as { id: string };
    const res = await send(t, 'PUT', `/api/admin/users/${homeowner.id}`, { cookie: root, body: { credits: 5 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: CREDITS_REALTORS_ONLY, errors: { credits: CREDITS_REALTORS_ONLY } });
    const events = await t.deps.eventStore.readStream(`user-${homeowner.id}`);
    expect(events.filter((e) => e.type === 'CreditsSetByAdmin')).toEqual([]);
  });

  it('refuses with 409 and changes nothing when the balance moved since the administrator saw it (no lost purchase)', async () => {
    const { t, jane, root } = await withUsers();
    expect((await send(t, 'PUT', `/api/admin/users/${jane.userId}`, { cookie: root, body: { credits: 30 } })).status).toBe(200);
    // The dialog showed 25 (before a purchase took it to 30); the administrator typed 26 to add one.
    const stale = await send(t, 'PUT', `/api/admin/users/${jane.userId}`, {
      cookie: root,
      body: { credits: '26', expectedCredits: 25, reason: 'add 1: goodwill', password: 'New-pass-1' },
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: 'The balance is now 30: it changed since you opened this user. Nothing was saved; check it and try again.' });
    const events = await t.deps.eventStore.readStream(`user-${jane.userId}`);
    expect(events.filter((e) => e.type === 'CreditsSetByAdmin')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'PasswordSet')).toHaveLength(1);

    const current = await send(t, 'PUT', `/api/admin/users/${jane.userId}`, { cookie: root, body: { credits: 31, expectedCredits: 30, reason: '  add 1: goodwill ' } });
    expect(current.status).toBe(200);
    expect(await current.json()).toMatchObject({ credits: 31 });
    const ledger = (await t.deps.eventStore.readStream(`user-${jane.userId}`)).filter((e) => e.type === 'CreditsSetByAdmin');
    expect(ledger.at(-1)?.data).toMatchObject({ credits: 31, previousCredits: 30, reason: 'add 1: goodwill' });
  });

  it("sets the user's password, ending the user's sessions", async () => {
    const { t, jane, moderator } = await withUsers();
    const res = await send(t, 'PUT', `/api/admin/users/${jane.userId}`, { cookie: moderator, body: { password: 'newpass' } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toMatch(/scrypt|newpass/);
    expect((await send(t, 'GET', '/api/user', { cookie: jane.cookie })).status).toBe(401);
    expect((await send(t, 'POST', '/api/login', { body: { username: 'jane_doe', password: 'newpass' } })).status).toBe(200);
  });

  it('changes nothing when both fields are empty or missing', async () => {
    const { t, jane, root } = await withUsers();
    const before = (await t.deps.eventStore.readStream(`user-${jane.userId}`)).length;
    for (const body of [{}, { credits: '', password: '' }, { credits: null }]) {
      expect((await send(t, 'PUT', `/api/admin/users/${jane.userId}`, { cookie: root, body })).status).toBe(200);
    }
    expect(await t.deps.eventStore.readStream(`user-${jane.userId}`)).toHaveLength(before);
  });

  it.each([
    [{ credits: '-1' }, 'Credits must be a whole number of at least 0'],
    [{ credits: 2.5 }, 'Credits must be a whole number of at least 0'],
    [{ credits: 'ten' }, 'Credits must be a whole number of at least 0'],
    [{ password: '12345' }, 'Password must be at least 6 characters long'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const { t, jane, root } = await withUsers();
    const res = await send(t, 'PUT', `/api/admin/users/${jane.userId}`, { cookie: root, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it('answers 404 for an unknown user and 401 without an admin session', async () => {
    const { t, jane, root } = await withUsers();
    const unknown = await send(t, 'PUT', '/api/admin/users/nobody', { cookie: root, body: { credits: 1 } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'User not found' });
    expect((await send(t, 'PUT', `/api/admin/users/${jane.userId}`, { cookie: jane.cookie, body: { credits: 99 } })).status).toBe(401);
  });
});

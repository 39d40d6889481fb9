import { describe, expect, it } from 'vitest';
import { sessionsStreamId } from '../../../domain/sessions/events';
import { ENDED_SESSIONS } from '../../../projections/sessions/sessions';
import { ROOT, cookieFrom, seedSuperAdmin, send, signInAdmin } from '../../../testing/admins';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

const testApp = testAppPerTest();

async function signInUser(t: TestApp, username: string): Promise<string> {
  const res = await send(t, 'POST', '/api/login', { body: { username, password: 'Secret123' } });
  expect(res.status).toBe(200);
  return cookieFrom(res, 'session');
}

const status = async (t: TestApp, path: string, cookie: string) => (await send(t, 'GET', path, { cookie })).status;

describe('signing out ends the session on the server', () => {
  it('refuses the user cookie from before POST /api/logout, and keeps the user’s other sessions', async () => {
    const t = await testApp();
    const { cookie: first, user, input } = await registerUser(t.app);
    const second = await signInUser(t, input.username);

    const res = await send(t, 'POST', '/api/logout', { cookie: first });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/session=; Max-Age=0/);

    expect(await status(t, '/api/user', first)).toBe(401);
    expect(await (await send(t, 'GET', '/api/user', { cookie: first })).json()).toEqual({ message: 'Not authenticated' });
    expect(await status(t, '/api/user', second)).toBe(200);

    const events = await t.deps.eventStore.readStream(sessionsStreamId('user', user.id));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['SessionEnded', { kind: 'user', subject: user.id, sessionId: expect.any(String), expiresAt: expect.any(String), at: expect.any(String) }],
    ]);
  });

  it('refuses the admin cookie from before POST /api/admin/logout, and keeps the administrator’s other sessions', async () => {
    const t = await testApp();
    await seedSuperAdmin(t);
    const first = await signInAdmin(t, ROOT.username, ROOT.password);
    const second = await signInAdmin(t, ROOT.username, ROOT.password);

    expect((await send(t, 'POST', '/api/admin/logout', { cookie: first })).status).toBe(200);

    expect(await status(t, '/api/admin/me', first)).toBe(401);
    expect(await status(t, '/api/admin/admin-users', first)).toBe(401);
    expect(await status(t, '/api/admin/me', second)).toBe(200);
  });

  it('keeps refusing a signed-out cookie after the read models are rebuilt from the log', async () => {
    const t = await testApp();
    const { cookie: first, input } = await registerUser(t.app);
    const second = await signInUser(t, input.username);
    await seedSuperAdmin(t);
    const admin = await signInAdmin(t, ROOT.username, ROOT.password);
    await send(t, 'POST', '/api/logout', { cookie: first });
    await send(t, 'POST', '/api/admin/logout', { cookie: admin });

    await t.runner.rebuild();

    expect(await status(t, '/api/user', first)).toBe(401);
    expect(await status(t, '/api/admin/me', admin)).toBe(401);
    expect(await status(t, '/api/user', second)).toBe(200);
  });

  it('records nothing more when the cookie is sent again after signing out, and still answers success', async () => {
    const t = await testApp();
    const { cookie, user } = await registerUser(t.app);
    await send(t, 'POST', '/api/logout', { cookie });
    const again = await send(t, 'POST', '/api/logout', { cookie });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true });
    expect(await t.deps.eventStore.readStream(sessionsStreamId('user', user.id))).toHaveLength(1);
  });

  it('forgets a signed-out session once its token would have expired anyway', async () => {
    let now = new Date();
    const t = await testApp({ now: () => now });
    const { cookie: first, input, user } = await registerUser(t.app);
    const second = await signInUser(t, input.username);
    await send(t, 'POST', '/api/logout', { cookie: first });
    const ended = t.deps.readStore.collection(ENDED_SESSIONS);
    expect(await ended.countDocuments()).toBe(1);

    // 31 days on by the app's clock: the first token's 30 days are over when the next sign-out is recorded.
    now = new Date(now.getTime() + 31 * 24 * 60 * 60 * 1000);
    await send(t, 'POST', '/api/logout', { cookie: second });
    const endedIds = (await t.deps.eventStore.readStream(sessionsStreamId('user', user.id))).map((e) => (e.data as { sessionId: string }).sessionId);
    expect(endedIds).toHaveLength(2);
    expect((await ended.find({})).map((doc) => doc._id)).toEqual([endedIds[1]]);
    expect(await status(t, '/api/user', second)).toBe(401);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createProjections } from '../../projections/registry';
import { testAppPerTest } from '../../testing/test-app';
import { registerUser, sendJson, sessionCookie } from '../../testing/user-session';

const testApp = testAppPerTest();

/** As if the request came over a socket from `address` (app.request has none otherwise). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe('secrets', () => {
  it('never puts a password, a hash or a mailed token in an answer or a read model', async () => {
    const built = await testApp();
    const { app } = built;
    const answers: string[] = [];
    const keep = async (res: Response) => {
      answers.push(JSON.stringify([...res.headers]), await res.clone().text());
      return res;
    };
    const password = 'Original123';
    const res = await keep(await sendJson(app, 'POST', '/api/register', { username: 'secretive', password, email: 'secretive@example.com', name: 'Sam Secret' }));
    let cookie = sessionCookie(res);
    await keep(await sendJson(app, 'POST', '/api/login', { username: 'secretive', password }));
    await keep(await sendJson(app, 'GET', '/api/user', undefined, cookie));
    await keep(await sendJson(app, 'PUT', '/api/user/info', { name: 'Sam Secret', phone: '+14165550123' }, cookie));
    cookie = sessionCookie(await keep(await sendJson(app, 'PUT', '/api/user/change-password', { currentPassword: password, newPassword: 'Changed123' }, cookie)));
    await keep(await sendJson(app, 'POST', '/api/forgot-password', { email: 'secretive@example.com' }));
    await vi.waitFor(() => expect(built.outbox()).toHaveLength(2));
    const resetToken = /token=([A-Za-z0-9_-]{43})/.exec(built.outbox()[1]?.text ?? '')?.[1] ?? 'missing';
    await keep(await sendJson(app, 'POST', '/api/reset-password', { token: resetToken, password: 'Finally123' }));
    await keep(await sendJson(app, 'POST', '/api/login', { username: 'secretive', password: 'Finally123' }));

    const hashes = (await built.deps.eventStore.readAll())
      .filter((e) => e.type === 'PasswordSet')
      .map((e) => (e.data as { passwordHash: string }).passwordHash);
    expect(hashes).toHaveLength(3);
    const verificationToken = /token=([A-Za-z0-9_-]{43})/.exec(built.outbox()[0]?.text ?? '')?.[1] ?? 'missing';
    const secrets = [password, 'Changed123', 'Finally123', ...hashes, ...hashes.map((h) => h.split('$').at(-1) ?? h), resetToken, verificationToken];

    const documents: string[] = [];
    for (const name of createProjections().flatMap((p) => p.collections)) {
      documents.push(JSON.stringify(await built.deps.readStore.collection(name).find({})));
    }
    expect(documents.join('')).toContain('secretive');
    for (const secret of secrets) {
      for (const text of [...answers, ...documents]) expect(text).not.toContain(secret);
    }
  });
});

describe('rate limits (RATE_LIMITS=on)', () => {
  it('allows 10 sign-in attempts a minute per address, then answers 429', async () => {
    const { app } = await testApp({ rateLimits: 'on' });
    const login = (username: string, address: string) =>
      app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Wrong1234' }) }, from(address));
    for (let i = 0; i < 10; i++) expect((await login(`nobody_${i}`, '203.0.113.1')).status).toBe(401);
    const limited = await login('nobody_x', '203.0.113.1');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again in 1 minute.' });
    expect((await login('nobody_y', '203.0.113.2')).status).toBe(401);
  });

  it('allows 5 failed sign-ins per account in 15 minutes, whatever the address', async () => {
    const { app } = await testApp({ rateLimits: 'on' });
    const { input } = await registerUser(app);
    const login = (password: string, i: number) =>
      app.request(
        '/api/login',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: input.username, password }) },
        from(`198.51.100.${i}`),
      );
    for (let i = 0; i < 5; i++) expect((await login('Wrong1234', i)).status).toBe(401);
    const limited = await login(input.password, 99);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again in 15 minutes or reset your password.' });
  });

  it('allows 10 registrations an hour per address', async () => {
    const { app } = await testApp({ rateLimits: 'on' });
    const register = () => app.request('/api/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, from('203.0.113.9'));
    for (let i = 0; i < 10; i++) expect((await register()).status).toBe(400);
    expect((await register()).status).toBe(429);
  });

  it('is off for automated suites', async () => {
    const { app } = await testApp();
    for (let i = 0; i < 11; i++) expect((await sendJson(app, 'POST', '/api/login', { username: `nobody_${i}`, password: 'x' })).status).toBe(401);
  });
});

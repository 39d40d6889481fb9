import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createProjections } from '../../../projections/registry';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { createSqliteRateCounters } from '../../platform/rate-limit';
import { registerUser, sendJson, sessionCookie } from '../../../testing/user-session';

const testApp = testAppPerTest();

/** As if the request came over a socket from `address` (app.request has none otherwise). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

const login = (app: TestApp['app'], username: string, password: string, address: string) =>
  app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) }, from(address));

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
    for (let i = 0; i < 10; i++) expect((await login(app, `nobody_${i}`, 'Wrong1234', '203.0.113.1')).status).toBe(401);
    const limited = await login(app, 'nobody_x', 'Wrong1234', '203.0.113.1');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again in 1 minute.' });
    expect((await login(app, 'nobody_y', 'Wrong1234', '203.0.113.2')).status).toBe(401);
  });

  it('allows 5 failed sign-ins per account and address in 15 minutes; the owner elsewhere still signs in', async () => {
    const { app } = await testApp({ rateLimits: 'on' });
    const { input } = await registerUser(app);
    for (let i = 0; i < 5; i++) expect((await login(app, input.username, 'Wrong1234', '198.51.100.1')).status).toBe(401);
    const limited = await login(app, input.username, input.password, '198.51.100.1');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again in 15 minutes or reset your password.' });
    expect((await login(app, input.username, input.password, '198.51.100.2')).status).toBe(200);
  });

  it('counts failures by account, whether the username or the email was typed', async () => {
    const { app } = await testApp({ rateLimits: 'on' });
    const { input } = await registerUser(app);
    for (let i = 0; i < 3; i++) expect((await login(app, input.username, 'Wrong1234', '198.51.100.3')).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(app, String(input.email).toUpperCase(), 'Wrong1234', '198.51.100.3')).status).toBe(401);
    expect((await login(app, input.username, input.password, '198.51.100.3')).status).toBe(429);
    expect((await login(app, String(input.email), input.password, '198.51.100.3')).status).toBe(429);
  });

  it('slows down, rather than refuses, sign-ins to an account guessed at from many addresses', async () => {
    const { app } = await testApp({ rateLimits: 'on' });
    const { input } = await registerUser(app);
    // 11 failures from three addresses: one past the account's 10, so each attempt now waits 250 ms first.
    for (let i = 0; i < 11; i++) expect((await login(app, input.username, 'Wrong1234', `198.51.100.${10 + Math.floor(i / 5)}`)).status).toBe(401);
    const started = performance.now();
    expect((await login(app, input.username, input.password, '198.51.100.20')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('counts on the counters every node shares: two apps over one SQLite file are one limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rate-limits-'));
    const [first, second] = [createSqliteRateCounters(join(dir, 'rate-limits.db')), createSqliteRateCounters(join(dir, 'rate-limits.db'))];
    try {
      const nodeA = await testApp({ rateLimits: 'on', rateCounters: first });
      const nodeB = await testApp({ rateLimits: 'on', rateCounters: second });
      for (let i = 0; i < 5; i++) expect((await login(nodeA.app, `nobody_${i}`, 'Wrong1234', '203.0.113.4')).status).toBe(401);
      for (let i = 5; i < 10; i++) expect((await login(nodeB.app, `nobody_${i}`, 'Wrong1234', '203.0.113.4')).status).toBe(401);
      expect((await login(nodeA.app, 'nobody_x', 'Wrong1234', '203.0.113.4')).status).toBe(429);
      expect((await login(nodeB.app, 'nobody_y', 'Wrong1234', '203.0.113.4')).status).toBe(429);
    } finally {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the address from X-Forwarded-For only as far as TRUST_PROXY hops', async () => {
    // Registration: limited per address like sign-in (10 an hour), and an empty form costs no password hashing.
    const forwarded = (app: TestApp['app'], chain: string) =>
      app.request('/api/register', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': chain }, body: '{}' }, from('10.0.0.2'));
    // Behind one proxy: each client, as the proxy saw it, has its own 10, whatever it claims further left.
    const proxied = await testApp({ rateLimits: 'on', trustProxy: 1 });
    for (let i = 0; i < 10; i++) expect((await forwarded(proxied.app, `192.0.2.${i}, 203.0.113.5`)).status).toBe(400);
    expect((await forwarded(proxied.app, '192.0.2.99, 203.0.113.5')).status).toBe(429);
    expect((await forwarded(proxied.app, '203.0.113.6')).status).toBe(400);
    // Served directly (the default): the header is the client's own say, and the peer is what counts.
    const direct = await testApp({ rateLimits: 'on' });
    for (let i = 0; i < 10; i++) expect((await forwarded(direct.app, `203.0.113.${i}`)).status).toBe(400);
    expect((await forwarded(direct.app, '203.0.113.99')).status).toBe(429);
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

import { describe, expect, it } from 'vitest';
import { adminSessions, call } from '../../../testing/contact-legal';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

const testApp = testAppPerTest();

type Report = { days: Array<{ date: string; views: number; visitors: number }>; pages: Array<{ path: string; views: number; visitors: number }> };

const view = (t: TestApp, body: unknown, options: { address?: string; headers?: Record<string, string> } = {}) =>
  call(t, 'POST', '/api/page-views', { body, ...options });

/** Page views answer before the read models apply them (nobody reads their own view back); tests wait here. */
async function settle(t: TestApp) {
  expect(await t.runner.waitFor(await t.deps.eventStore.headPosition())).toBe(true);
}

async function pageViewEvents(t: TestApp) {
  return (await t.deps.eventStore.readAll()).filter((e) => e.type === 'PageViewed');
}

describe('POST /api/page-views', () => {
  it('records the pathname, the referrer host and a visitor hash, and nothing that names the visitor', async () => {
    const t = await testApp({ now: () => new Date('2026-11-22T10:00:00.000Z') });
    const res = await view(t, { path: '/listing/42?token=abc#top', referrer: 'https://www.google.com/search?q=jane+doe' }, { address: '198.51.100.23' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    // Sent on every navigation: a position here would make the visitor's next reads wait for statistics.
    expect(res.headers.get('x-log-position')).toBeNull();
    const [event, ...others] = await pageViewEvents(t);
    expect(others).toEqual([]);
    expect(event?.data).toEqual({
      path: '/listing/42',
      referrerHost: 'www.google.com',
      visitorHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      at: '2026-11-22T10:00:00.000Z',
    });
    expect(Object.keys(event?.metadata ?? {})).toEqual(['requestId']);
    const stored = JSON.stringify(await t.deps.eventStore.readAll()) + JSON.stringify(await t.deps.readStore.collection('page_view_visitors').find({}));
    for (const secret of ['198.51.100.23', 'ContactLegalTest', 'jane+doe', 'token=abc']) expect(stored).not.toContain(secret);
  });

  it('gives one visitor the same hash all day and a new one the next day', async () => {
    let now = new Date('2026-11-22T08:00:00.000Z');
    const t = await testApp({ now: () => now });
    await view(t, { path: '/' });
    now = new Date('2026-11-22T23:59:00.000Z');
    await view(t, { path: '/about' });
    now = new Date('2026-11-23T00:01:00.000Z');
    await view(t, { path: '/' });
    const hashes = (await pageViewEvents(t)).map((e) => (e.data as { visitorHash: string }).visitorHash);
    expect(hashes[0]).toBe(hashes[1]);
    expect(hashes[2]).not.toBe(hashes[0]);
  });

  it.each([
    ['DNT: 1', { dnt: '1' }],
    ['Sec-GPC: 1', { 'sec-gpc': '1' }],
  ])('answers 204 and records nothing with %s', async (_label, headers) => {
    const t = await testApp();
    expect((await view(t, { path: '/' }, { headers })).status).toBe(204);
    expect(await pageViewEvents(t)).toEqual([]);
    expect((await view(t, { path: '/' }, { headers: { dnt: '0' } })).status).toBe(204);
    expect(await pageViewEvents(t)).toHaveLength(1);
  });

  it.each([
    [{}, 'Path is required'],
    [{ path: 'https://evil.example/' }, 'Path must be a path such as /about'],
    [{ path: 42 }, 'Path is required'],
  ])('answers 400 for %j', async (body, message) => {
    const t = await testApp();
    const res = await view(t, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, errors: { path: message } });
  });

  it('allows 60 page views a minute per address, then answers 429', async () => {
    const t = await testApp({ rateLimits: 'on' });
    for (let i = 0; i < 60; i++) expect((await view(t, { path: `/p${i}` }, { address: '198.51.100.1' })).status).toBe(204);
    expect((await view(t, { path: '/x' }, { address: '198.51.100.1' })).status).toBe(429);
    expect((await view(t, { path: '/x' }, { address: '198.51.100.2' })).status).toBe(204);
  });
});

describe('GET /api/admin/page-views', () => {
  it('answers views and daily unique visitors per day and per page', async () => {
    let now = new Date('2026-11-21T10:00:00.000Z');
    const t = await testApp({ now: () => now });
    const sessions = await adminSessions(t);
    // Day 1: visitor A views / twice and /about; visitor B views /.
    await view(t, { path: '/' }, { address: '198.51.100.1' });
    await view(t, { path: '/?utm=x' }, { address: '198.51.100.1' });
    await view(t, { path: '/about' }, { address: '198.51.100.1' });
    await view(t, { path: '/' }, { address: '198.51.100.2' });
    // Day 2: visitor A again, now a new daily visitor.
    now = new Date('2026-11-22T10:00:00.000Z');
    await view(t, { path: '/' }, { address: '198.51.100.1' });
    await view(t, { path: '/contact' }, { address: '198.51.100.1', headers: { 'sec-gpc': '1' } });

    await settle(t);
    const res = await call(t, 'GET', '/api/admin/page-views?days=3', { cookie: sessions.moderator });
    expect(res.status).toBe(200);
    await expect(res.json() as Promise<Report>).resolves.toEqual({
      days: [
        { date: '2026-11-20', views: 0, visitors: 0 },
        { date: '2026-11-21', views: 4, visitors: 2 },
        { date: '2026-11-22', views: 1, visitors: 1 },
      ],
      pages: [
        { path: '/', views: 4, visitors: 3 },
        { path: '/about', views: 1, visitors: 1 },
      ],
    });

    const month = (await (await call(t, 'GET', '/api/admin/page-views', { cookie: sessions.admin })).json()) as Report;
    expect(month.days).toHaveLength(30);
    expect(month.days.at(-1)?.date).toBe('2026-11-22');
    const today = (await (await call(t, 'GET', '/api/admin/page-views?days=1', { cookie: sessions.super_admin })).json()) as Report;
    expect(today.pages).toEqual([{ path: '/', views: 1, visitors: 1 }]);
  });

  it('counts the same after the read models are rebuilt from the log', async () => {
    const t = await testApp({ now: () => new Date('2026-11-22T10:00:00.000Z') });
    const sessions = await adminSessions(t);
    for (const address of ['198.51.100.1', '198.51.100.1', '198.51.100.2']) await view(t, { path: '/store' }, { address });
    await settle(t);
    const before = await (await call(t, 'GET', '/api/admin/page-views?days=1', { cookie: sessions.admin })).json();
    await t.runner.rebuild();
    const after = await (await call(t, 'GET', '/api/admin/page-views?days=1', { cookie: sessions.admin })).json();
    expect(after).toEqual(before);
    expect(after).toEqual({ days: [{ date: '2026-11-22', views: 3, visitors: 2 }], pages: [{ path: '/store', views: 3, visitors: 2 }] });
  });

  it.each(['days=0', 'days=366', 'days=x'])('refuses %s with 400', async (query) => {
    const t = await testApp();
    const sessions = await adminSessions(t);
    const res = await call(t, 'GET', `/api/admin/page-views?${query}`, { cookie: sessions.admin });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Days must be a whole number from 1 to 365', errors: { days: 'Days must be a whole number from 1 to 365' } });
  });

  it('answers 401 to guests and users', async () => {
    const t = await testApp();
    const { cookie } = await registerUser(t.app);
    expect((await call(t, 'GET', '/api/admin/page-views')).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/page-views', { cookie })).status).toBe(401);
  });
});

import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { testAppPerTest } from '../../testing/test-app';
import { START_AFTER_PAINT_CSP } from './prerendered';
import { API_JSON_SECURITY_HEADERS, contentSecurityPolicy, isApiJson, securityHeaders, setSecurityHeaders } from './security-headers';

const testApp = testAppPerTest();

/** What Hono's own middleware sends with the options the app gave it before the headers were worked out once. */
async function honoSends(stripe: boolean): Promise<Array<[string, string]>> {
  const app = new Hono()
    .use('*', secureHeaders({ contentSecurityPolicy: contentSecurityPolicy({ stripe }), crossOriginEmbedderPolicy: false }))
    .get('/', (c) => c.json({}));
  return [...(await app.request('/')).headers].filter(([name]) => name !== 'content-type');
}

async function weSend(stripe: boolean): Promise<Array<[string, string]>> {
  const headers = securityHeaders({ stripe });
  const app = new Hono()
    .use('*', async (c, next) => {
      await next();
      setSecurityHeaders(c, headers);
    })
    .get('/', (c) => c.json({}));
  return [...(await app.request('/')).headers].filter(([name]) => name !== 'content-type');
}

describe('security headers', () => {
  it("are exactly Hono's secureHeaders with our policy, with and without Stripe", async () => {
    for (const stripe of [false, true]) {
      const ours = await weSend(stripe);
      expect(ours).toEqual(await honoSends(stripe));
      expect(ours.length).toBe(12);
    }
    const csp = new Map(await weSend(true)).get('content-security-policy');
    expect(csp).toBe(
      `default-src 'self'; script-src 'self' https://js.stripe.com ${START_AFTER_PAINT_CSP}; frame-src https://js.stripe.com https://hooks.stripe.com; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ws: wss: https://api.stripe.com; font-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
    );
  });

  it('are on every answer of the app, its errors and a handler that set one of them itself', async () => {
    const { app } = await testApp();
    const expected = securityHeaders({ stripe: false });
    const res = await app.request('/healthz');
    for (const [name, value] of expected) expect([name, res.headers.get(name)]).toEqual([name, value]);
    expect(res.headers.has('x-powered-by')).toBe(false);
    const own = new Hono()
      .use('*', async (c, next) => {
        await next();
        setSecurityHeaders(c, expected);
      })
      .get('/', (c) => c.text('framed', 200, { 'X-Frame-Options': 'ALLOWALL', 'X-Powered-By': 'test' }));
    const framed = await own.request('/');
    expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(framed.headers.has('x-powered-by')).toBe(false);
  });

  it("an API answer in JSON carries the ones that matter for JSON, its errors included, and none of a page's", async () => {
    const { app } = await testApp();
    const pageOnly = securityHeaders({ stripe: false }).filter(([name]) => !API_JSON_SECURITY_HEADERS.some(([api]) => api === name));
    expect(pageOnly.map(([name]) => name)).toHaveLength(8);
    // A 404, a refusal without a session (401) and a refusal of another site (403).
    const answers = [
      ['/api/nope', {}],
      ['/api/properties/x/bid', { method: 'POST' }],
      ['/api/properties/x/bid', { method: 'POST', headers: { origin: 'https://evil.example' } }],
    ] as const;
    for (const [path, init] of answers) {
      const res = await app.request(path, init);
      expect(res.headers.get('content-type')).toContain('application/json');
      for (const [name, value] of API_JSON_SECURITY_HEADERS) expect([path, res.status, name, res.headers.get(name)]).toEqual([path, res.status, name, value]);
      for (const [name] of pageOnly) expect([path, name, res.headers.has(name)]).toEqual([path, name, false]);
      expect(res.headers.has('x-powered-by')).toBe(false);
    }
    expect(API_JSON_SECURITY_HEADERS.find(([name]) => name === 'Content-Security-Policy')?.[1]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('keeps the whole set for anything but JSON under /api', () => {
    expect(isApiJson('/api/properties/x/bid', 'application/json')).toBe(true);
    expect(isApiJson('/api', 'application/json; charset=UTF-8')).toBe(true);
    expect(isApiJson('/api/files/a.jpg', 'image/jpeg')).toBe(false);
    expect(isApiJson('/api/files/a.svg', null)).toBe(false);
    expect(isApiJson('/healthz', 'application/json')).toBe(false);
    expect(isApiJson('/apiary', 'application/json')).toBe(false);
    expect(isApiJson('/', 'text/html; charset=UTF-8')).toBe(false);
  });
});

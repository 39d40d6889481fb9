import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { testAppPerTest } from '../../testing/test-app';
import { START_AFTER_PAINT_CSP } from './prerendered';
import { contentSecurityPolicy, securityHeaders, setSecurityHeaders } from './security-headers';

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
    for (const path of ['/healthz', '/api/nope', '/api/properties/x/bid']) {
      const res = await app.request(path, { method: path.endsWith('/bid') ? 'POST' : 'GET' });
      for (const [name, value] of expected) expect([path, name, res.headers.get(name)]).toEqual([path, name, value]);
      expect(res.headers.has('x-powered-by')).toBe(false);
    }
    const own = new Hono()
      .use('*', async (c, next) => {
        await next();
        setSecurityHeaders(c, expected);
      })
      .get('/', (c) => c.text('framed', 200, { 'X-Frame-Options': 'ALLOWALL', 'X-Powered-By': 'test' }));
    const res = await own.request('/');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.has('x-powered-by')).toBe(false);
  });
});

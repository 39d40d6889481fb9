import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { serveStatic } from '@hono/node-server/serve-static';
import { PRERENDERED_FILE, type Prerendered } from './platform/prerendered';
import { ROUTE_CHUNKS_FILE, type RouteChunks } from './platform/route-preload';
import { loadSignedInRenderer } from './platform/server-render';
import { createPageRenderer, robotsTxt, sitemapXml } from './platform/site';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { ProjectionStatus } from '../projections/runner';
import type { AppEnv } from './context';
import type { AppDeps } from './deps';
import { handleError } from './errors';
import { peerAddress, resolveClientAddress } from './platform/client-address';
import { minPositionGate } from './platform/min-position';
import { crossSiteGuard } from './platform/origin';
import { API_JSON_SECURITY_HEADERS, isApiJson, securityHeaders, setSecurityHeaders } from './platform/security-headers';
import { mountRoutes } from './routes/index';

/** The most a JSON request body may weigh; multipart uploads have their own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole HTTP application from plain dependencies. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // The one middleware every answer passes (one layer, not three: each layer is a promise per request).
  const security = securityHeaders({ stripe: Boolean(deps.payments.publishableKey) });
  app.use('*', async (c, next) => {
    const started = performance.now();
    // Once per request, so rate limits, logs and events all see the same address.
    c.set('clientAddress', resolveClientAddress(peerAddress(c), c.req.header('x-forwarded-for'), deps.env.TRUST_PROXY));
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    await next();
    setSecurityHeaders(c, isApiJson(c.req.path, c.res.headers.get('content-type')) ? API_JSON_SECURITY_HEADERS : security);
    const seconds = (performance.now() - started) / 1000;
    // The pattern of the route that answered (never the raw path: ids would make a series per listing).
    deps.metrics.observeRequest(c.req.method, routePath(c) || 'unmatched', c.res.status, seconds);
    const position = c.get('logPosition');
    // The path only: query strings can carry tokens.
    deps.logger.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round(seconds * 10_000) / 10,
      ...(position !== undefined ? { position } : {}),
    });
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // The labels carry route patterns, outcomes and projection names only (decision 0027); METRICS_TOKEN keeps them to the scraper.
  app.get('/metrics', async (c) => {
    if (!bearerMatches(c.req.header('authorization'), deps.env.METRICS_TOKEN)) {
      return c.json({ message: 'Not authenticated' }, 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    return c.body(await deps.metrics.registry.metrics(), 200, { 'Content-Type': deps.metrics.registry.contentType });
  });
  // 503 until the read models hold the whole log; 'failing' names a projection stuck on an event
  // (the runner retries it) or the subscription the event store ended (docs/decisions/0028).
  app.get('/readyz', async (c) => {
    // pid: which app process answered, where several serve one port (WEB_CONCURRENCY).
    const pid = process.pid;
    let projections: ProjectionStatus[];
    try {
      projections = await deps.projections.status();
    } catch (error) {
      // The event store did not answer for its head: not ready, and no 500 for a probe.
      return c.json({ status: 'unavailable', pid, error: error instanceof Error ? error.message : String(error) }, 503);
    }
    const state = deps.projections.subscriptionState();
    const error = deps.projections.subscriptionError();
    const subscription = { state, ...(error !== undefined ? { error } : {}) };
    const failing = state === 'failed' || projections.some((p) => p.failing);
    // A parked projection does not take the node out of rotation: the others serve, and reads of it answer 503 (docs/decisions/0062).
    const parked = projections.flatMap((p) => (p.parked ? [{ projection: p.name, position: p.parked.position, type: p.parked.eventType, stream: p.parked.streamId, error: p.parked.error }] : []));
    const ready = !failing && projections.every((p) => p.caughtUp || p.parked);
    const status = failing ? 'failing' : !ready ? 'catching up' : parked.length > 0 ? 'degraded' : 'ready';
    return c.json({ status, pid, subscription, projections, ...(parked.length > 0 ? { parked } : {}) }, ready ? 200 : 503);
  });

  const api = new Hono<AppEnv>();
  const refuseCrossSite = crossSiteGuard(deps.env.publicUrl);
  const streamedBodyLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT });
  const minPosition = minPositionGate(deps);
  // Every API request, in this order: another site's writes refused, the body's size, X-Min-Position, the session.
  // One layer, not four: each layer is a promise and a closure per request.
  api.use('*', async (c, next) => {
    refuseCrossSite(c);
    const rest = async (): Promise<void> => {
      // Before the session: checking a session reads the read models, which must have caught up first.
      const waiting = minPosition(c);
      const refused = waiting && (await waiting);
      if (refused) {
        c.res = refused;
        return;
      }
      c.set('session', await deps.sessions.fromCookieHeader(c.req.header('cookie')));
      await next();
    };
    // Multipart uploads carry their own, larger limits on their routes.
    if (c.req.header('content-type')?.startsWith('multipart/form-data')) return rest();
    // A declared length is checked from the header alone: counting the bytes as they
    // stream needs the web Request's body, which costs more than most routes' own work.
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > JSON_BODY_LIMIT) throw new HTTPException(413);
      return rest();
    }
    return streamedBodyLimit(c, rest);
  });

  mountRoutes(api, deps);

  api.all('*', (c) => c.json({ message: 'Not found' }, 404));
  app.route('/api', api);

  app.get('/robots.txt', (c) => c.text(robotsTxt(deps.env.publicUrl), 200, { 'Cache-Control': 'public, max-age=3600' }));
  app.get('/sitemap.xml', (c) => c.body(sitemapXml(deps.env.publicUrl), 200, { 'Content-Type': 'application/xml; charset=UTF-8', 'Cache-Control': 'public, max-age=3600' }));
  if (deps.clientDir && existsSync(join(deps.clientDir, 'index.html'))) serveClient(app, deps.clientDir, deps.env.publicUrl, deps.logger);
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError(handleError(deps.logger));
  return app;
}

export type App = ReturnType<typeof createApp>;

function serveClient(app: Hono<AppEnv>, clientDir: string, publicUrl: string, logger: AppDeps['logger']) {
  // Built with the client (scripts/route-chunks.ts); a build without it preloads the entry's scripts only.
  const routeChunksFile = join(clientDir, ROUTE_CHUNKS_FILE);
  const routeChunks = existsSync(routeChunksFile) ? (JSON.parse(readFileSync(routeChunksFile, 'utf8')) as RouteChunks) : {};
  // A signed-in visitor's page carries its first data: the app asks itself, with the visitor's cookie and connection.
  const visitorApi = (c: Context<AppEnv>) => (path: string) => {
    const headers = new Headers();
    for (const name of ['cookie', 'x-forwarded-for', 'user-agent']) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    return Promise.resolve(app.fetch(new Request(new URL(path, c.req.url), { headers }), c.env));
  };
  // Built with the client (scripts/prerender.ts); without it a guest's page shows the boot spinner until the scripts run.
  const prerenderedFile = join(clientDir, PRERENDERED_FILE);
  const prerendered = existsSync(prerenderedFile) ? (JSON.parse(readFileSync(prerenderedFile, 'utf8')) as Prerendered) : {};
  // Built with it too (scripts/prerender.ts): a signed-in visitor's /home rendered from the data its HTML carries.
  const renderSignedIn = loadSignedInRenderer(clientDir, (error) => logger.error('server render failed; the page shows the spinner', { error }));
  const renderPage = createPageRenderer(readFileSync(join(clientDir, 'index.html'), 'utf8'), publicUrl, routeChunks, { visitorApi, prerendered, renderSignedIn });
  // The landing page too: serveStatic would send index.html as built.
  app.get('/', renderPage);
  app.get('/index.html', renderPage);
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    // Built asset names carry a content hash.
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    // The plain answer too, so a shared cache never hands it to a client that asked for brotli (or the reverse).
    if (!c.res.headers.has('Content-Encoding')) c.header('Vary', 'Accept-Encoding');
  });
  // `precompressed`: the .br or .gz the build wrote beside a file, when the client accepts it (scripts/precompress.ts).
  app.use('*', serveStatic({ root: clientDir, precompressed: true }));
  // Every other page is the single-page app: 200 for a path it has a screen for, else 404 with its not-found page.
  app.get('*', renderPage);
}

/** No token configured lets everyone in; otherwise the header must carry exactly it (compared in constant time). */
function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

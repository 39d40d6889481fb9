import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { APP_PATHS } from '../../contract/site-pages';
import { createRoutePreloads, ROUTE_CHUNKS_FILE, routePathOf, type RouteChunks } from './route-preload';

// As the build writes it (scripts/route-chunks.ts): the scripts each route's screen needs beyond the entry.
const ROUTE_CHUNKS: RouteChunks = {
  // First, as the build writes it: a pathless layout's address would be '/', but it is no page of its own.
  _authenticated: ['assets/_authenticated-1.js'],
  index: ['assets/routes-1.js', 'assets/skeleton-1.js'],
  market: ['assets/market-1.js', 'assets/tabs-1.js', 'assets/skeleton-1.js'],
  '_authenticated/home': ['assets/home-1.js', 'assets/property-image-1.js'],
  '_authenticated/listing/$id': ['assets/_id-1.js', 'assets/property-image-1.js'],
  admin: ['assets/admin-1.js'],
  'admin_.$tab': ['assets/_tab-1.js'],
  'admin_.timeline.$kind.$id': ['assets/_id-2.js'],
  'legal/privacy': ['assets/privacy-1.js'],
};

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Static title</title>
    <link rel="modulepreload" crossorigin href="/assets/cn-1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const preloadsIn = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe('route file ids as addresses', () => {
  it('reads them as TanStack Router names its file routes', () => {
    expect(routePathOf('index')).toBe('/');
    expect(routePathOf('market')).toBe('/market');
    expect(routePathOf('_authenticated/home')).toBe('/home');
    expect(routePathOf('_authenticated/listing/$id')).toBe('/listing/$id');
    expect(routePathOf('admin_.$tab')).toBe('/admin/$tab');
    expect(routePathOf('admin_.timeline.$kind.$id')).toBe('/admin/timeline/$kind/$id');
    expect(routePathOf('legal/privacy')).toBe('/legal/privacy');
  });

  it("gives a page its screen's scripts and its layouts', each once, and nothing for a path no route answers", () => {
    const preloadsOf = createRoutePreloads(ROUTE_CHUNKS);
    expect(preloadsOf('/')).toEqual(['assets/routes-1.js', 'assets/skeleton-1.js']);
    expect(preloadsOf('/home')).toEqual(['assets/_authenticated-1.js', 'assets/home-1.js', 'assets/property-image-1.js']);
    expect(preloadsOf('/listing/3f2a')).toEqual(['assets/_authenticated-1.js', 'assets/_id-1.js', 'assets/property-image-1.js']);
    // admin_ leaves the /admin layout, so /admin/users is not inside it.
    expect(preloadsOf('/admin/users')).toEqual(['assets/_tab-1.js']);
    expect(preloadsOf('/admin/timeline/property/p-1')).toEqual(['assets/_id-2.js']);
    expect(preloadsOf('/market/')).toEqual(['assets/market-1.js', 'assets/tabs-1.js', 'assets/skeleton-1.js']);
    expect(preloadsOf('/no-such-page')).toEqual([]);
    expect(preloadsOf('/listing/a/b')).toEqual([]);
  });
});

describe('the HTML names the scripts of the page asked for', () => {
  let dir: string;
  let opened: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, ROUTE_CHUNKS_FILE), JSON.stringify(ROUTE_CHUNKS));
    opened = await createTestApp({ clientDir: dir });
  });

  afterAll(async () => {
    await opened?.close();
    await rm(dir, { recursive: true });
  });

  it("preloads the entry's scripts on every page, and each page's own beside them", async () => {
    const html = async (path: string) => (await opened.app.request(path)).text();
    expect(preloadsIn(await html('/'))).toEqual(['/assets/cn-1.js', '/assets/routes-1.js', '/assets/skeleton-1.js']);
    expect(preloadsIn(await html('/home'))).toEqual(['/assets/cn-1.js', '/assets/_authenticated-1.js', '/assets/home-1.js', '/assets/property-image-1.js']);
    expect(preloadsIn(await html('/market?days=90'))).toEqual(['/assets/cn-1.js', '/assets/market-1.js', '/assets/tabs-1.js', '/assets/skeleton-1.js']);
  });

  it('preloads nothing more for a path no screen has, or a screen the build named no scripts for', async () => {
    const notFound = await opened.app.request('/no-such-page');
    expect(notFound.status).toBe(404);
    expect(preloadsIn(await notFound.text())).toEqual(['/assets/cn-1.js']);
    expect(APP_PATHS).toContain('/store');
    expect(preloadsIn(await (await opened.app.request('/store')).text())).toEqual(['/assets/cn-1.js']);
  });
});

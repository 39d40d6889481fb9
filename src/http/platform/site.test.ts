import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PATHS, CRAWL_DISALLOWED, PUBLIC_PAGES } from '../../contract/site-pages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { App } from '../app';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The static description." />
    <title>Static title</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let dir: string;
let app: App;
let opened: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'client-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  opened = await createTestApp({ clientDir: dir });
  app = opened.app;
});

afterAll(async () => {
  await opened.close();
  await rm(dir, { recursive: true });
});

const titleOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
const metaOf = (html: string, attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];

describe('the site on the open web', () => {
  it('answers a path no screen has with 404 and the not-found page, and every screen path with 200', async () => {
    const unknown = await app.request('/no-such-page');
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('<div id="root">');
    expect(titleOf(html)).toEqual(['404 Page Not Found · BidHome']);

    for (const path of ['/', '/about', '/home', '/listing/3f2a', '/admin/users', '/admin/timeline/property/p-1', '/legal/privacy', '/store/']) {
      expect((await app.request(path)).status, path).toBe(200);
    }
    for (const path of ['/listing', '/listing/a/b', '/admin/timeline/property', '/homes', '/api-docs']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
    // The API keeps its own JSON 404.
    const api = await app.request('/api/nope');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });

  it('gives each public page its own title, description and link-preview tags in the HTML itself', async () => {
    for (const [path, head] of Object.entries(PUBLIC_PAGES)) {
      const html = await (await app.request(path)).text();
      expect(titleOf(html), path).toEqual([head.title.replace(/'/g, '&#39;')]);
      expect(metaOf(html, 'name', 'description'), path).toBe(head.description.replace(/'/g, '&#39;'));
      expect(metaOf(html, 'property', 'og:title'), path).toBe(head.title.replace(/'/g, '&#39;'));
      expect(metaOf(html, 'property', 'og:url'), path).toBe(`http://localhost:3000${path}`);
    }
    expect(new Set(Object.values(PUBLIC_PAGES).map((head) => head.title)).size).toBe(Object.keys(PUBLIC_PAGES).length);
  });

  it('compresses every HTML answer as the assets are, for the clients that accept it', async () => {
    for (const path of ['/', '/market', '/home', '/no-such-page']) {
      const br = await app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers.get('content-encoding'), path).toBe('br');
      expect(br.headers.get('vary')).toContain('Accept-Encoding');
      const text = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
      expect(text).toContain('<div id="root">');

      const gz = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);

      const plain = await app.request(path);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('content-type')).toContain('text/html');
    }
  });

  it('tells the page which session cookies came with it, so a guest never asks who is signed in', async () => {
    const hint = async (cookie?: string) => metaOf(await (await app.request('/about', { headers: cookie ? { cookie } : {} })).text(), 'name', 'bidhome-session');
    expect(await hint()).toBe('none');
    expect(await hint('theme=dark')).toBe('none');
    expect(await hint('session=abc')).toBe('user');
    expect(await hint('admin_session=abc; session=def')).toBe('user admin');
  });

  it('serves robots.txt that keeps crawlers off the back office, the API and signed-in screens, and names the sitemap', async () => {
    const res = await app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/admin', '/api/', '/home', '/dashboard', '/store', '/listing/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    // No public page is disallowed.
    for (const path of Object.keys(PUBLIC_PAGES)) {
      expect(CRAWL_DISALLOWED.some((prefix) => path.startsWith(prefix)), path).toBe(false);
    }
  });

  it('lists the public pages, and only those, in sitemap.xml', async () => {
    const res = await app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const locations = [...(await res.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations.sort()).toEqual(Object.keys(PUBLIC_PAGES).map((path) => `http://localhost:3000${path}`).sort());
  });

  it('knows exactly the paths of the web client’s route tree', async () => {
    const tree = await readFile(new URL('../../web/route-tree.gen.ts', import.meta.url), 'utf8');
    const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
    const paths = [...block.matchAll(/'([^']+)':/g)].map((match) => match[1]);
    expect(paths.length).toBeGreaterThan(10);
    expect([...APP_PATHS].sort()).toEqual(paths.sort());
  });
});

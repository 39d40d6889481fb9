import type { Context } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PageHead } from '../../contract/site-pages';
import { APP_PATHS, CRAWL_DISALLOWED, NOT_FOUND_HEAD, PUBLIC_PAGES } from '../../contract/site-pages';
import { pageSeedOf, seedTags, type VisitorApi } from './page-seed';
import { withPrerendered, withScriptsAfterPaint, type Prerendered } from './prerendered';
import { createRoutePreloads, type RouteChunks } from './route-preload';
import type { SignedInRenderer } from './server-render';

/*
 * The single-page app's HTML as the open web reads it: each public page's
 * own title, description and preview tags before any script runs, 404 for a
 * path no screen answers, compressed like the assets; and robots.txt and
 * sitemap.xml (docs/decisions/0053-open-web.md).
 */

const pathPatterns = APP_PATHS.map((path) => new RegExp(`^${path.replace(/\$\w+/g, '[^/]+')}/?$`));

export function isAppPath(pathname: string): boolean {
  return pathPatterns.some((pattern) => pattern.test(pathname));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function headTags(head: PageHead, url: string): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="BidHome" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
}

/**
 * Which sessions the request's cookies may hold, so the client asks the server
 * who is signed in only when a cookie could answer it: a guest's page then
 * makes no request that answers 401 (and logs no console error).
 */
function sessionHint(cookieHeader: string | undefined): string {
  const names = new Set((cookieHeader ?? '').split(';').map((pair) => pair.split('=')[0]?.trim()));
  return [names.has('session') ? 'user' : '', names.has('admin_session') ? 'admin' : ''].filter(Boolean).join(' ') || 'none';
}

/**
 * Renders index.html for one request; `publicUrl` has no trailing slash. `routeChunks` (the build's
 * route-chunks.json) names the scripts each page's screen needs beyond the entry: they are preloaded.
 * `visitorApi`, when given, lets a page with a session cookie carry its first data (src/http/platform/page-seed.ts);
 * `prerendered` (the build's prerendered.json) is a guest's first screen of the public pages, put in #root;
 * `renderSignedIn` renders a signed-in visitor's first screen from that data (src/http/platform/server-render.ts).
 */
export function createPageRenderer(
  indexHtml: string,
  publicUrl: string,
  routeChunks: RouteChunks = {},
  { visitorApi, prerendered = {}, renderSignedIn }: { visitorApi?: (c: Context) => VisitorApi; prerendered?: Prerendered; renderSignedIn?: SignedInRenderer } = {},
) {
  const preloadsOf = createRoutePreloads(routeChunks);
  const titleAndDescription = /<meta name="description"[^>]*>\s*|<title>[^<]*<\/title>\s*/g;
  const bare = indexHtml.replace(titleAndDescription, '');
  const fallback = PUBLIC_PAGES['/'];

  return async function renderPage(c: Context) {
    const pathname = c.req.path;
    const known = isAppPath(pathname);
    const cookie = c.req.header('cookie');
    const seed = known && visitorApi !== undefined ? await pageSeedOf(pathname, new URL(c.req.url).searchParams, cookie, visitorApi(c)) : null;
    const head: PageHead = known ? ((PUBLIC_PAGES as Record<string, PageHead>)[pathname] ?? fallback) : NOT_FOUND_HEAD;
    const preloads = known ? preloadsOf(pathname).map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`) : [];
    // A guest's is the build's: a session's first screen differs (its header), and a query (/market?days=90) may show
    // another. A signed-in visitor's is rendered from their seed, for the bare address only (a filtered /home differs).
    const bareAddress = new URL(c.req.url).search === '';
    const markup = !sessionHint(cookie).includes('user')
      ? bareAddress ? prerendered[pathname] : undefined
      : bareAddress && seed !== null && renderSignedIn !== undefined ? await renderSignedIn(pathname, seed) : undefined;
    const page = markup === undefined ? bare : withPrerendered(bare, markup);
    const withHead = page.replace(
      '</head>',
      [`  ${headTags(head, publicUrl + pathname)}`, `<meta name="bidhome-session" content="${sessionHint(cookie)}" />`, ...(seed === null ? [] : seedTags(seed, escapeHtml)), ...preloads].join('\n    ') + '\n  </head>',
    );
    // A first screen in the HTML paints before the scripts: they start once it has (and its lead picture is in).
    const html = markup === undefined ? withHead : withScriptsAfterPaint(withHead);
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=UTF-8',
      // A page carrying a visitor's data is theirs alone.
      'Cache-Control': seed === null ? 'no-cache' : 'private, no-cache',
      Vary: 'Accept-Encoding, Cookie',
    };
    const accepted = c.req.header('accept-encoding') ?? '';
    let body: string | Uint8Array<ArrayBuffer> = html;
    if (/\bbr\b/.test(accepted)) {
      body = Uint8Array.from(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
      headers['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepted)) {
      body = Uint8Array.from(gzipSync(html));
      headers['Content-Encoding'] = 'gzip';
    }
    return c.body(body, known ? 200 : 404, headers);
  };
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...CRAWL_DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = Object.keys(PUBLIC_PAGES).map((path) => `  <url><loc>${escapeHtml(publicUrl + path)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

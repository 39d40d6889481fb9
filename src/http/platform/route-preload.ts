/*
 * Which scripts a page's screen needs beyond the entry, so the HTML can name them and the browser fetch them beside
 * the entry rather than after it has run (docs/decisions/0058). The build writes the map from route file to scripts
 * (scripts/route-chunks.ts); route files are named as TanStack Router's file routes are.
 */

/** Where the build writes the map, beside index.html (scripts/route-chunks.ts). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/** Route file id (its path under src/web/routes, without .tsx) → the built scripts its screen needs. */
export type RouteChunks = Record<string, readonly string[]>;

/** The address pattern a route file answers: '_authenticated/home' → '/home', 'admin_.$tab' → '/admin/$tab', 'index' → '/'. */
export function routePathOf(routeId: string): string {
  const segments = routeId
    .split(/[/.]/)
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, ''));
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** The route files a file's screen renders inside: pathless layouts and parents that are route files themselves. */
function parentsOf(routeId: string, routeChunks: RouteChunks): string[] {
  const parents: string[] = [];
  for (let at = 1; at < routeId.length; at += 1) {
    const prefix = routeId.slice(0, at);
    if ((routeId[at] === '/' || routeId[at] === '.') && prefix in routeChunks) parents.push(prefix);
  }
  return parents;
}

/** Answers the scripts to preload for a pathname: none for a path no route answers. */
export function createRoutePreloads(routeChunks: RouteChunks): (pathname: string) => string[] {
  // A pathless layout ('_authenticated') is no page of its own: it comes with the pages inside it.
  const pages = Object.keys(routeChunks).filter((routeId) => !/(^|[/.])_[^/.]*$/.test(routeId));
  const routes = pages.map((routeId) => ({
    pattern: new RegExp(`^${routePathOf(routeId).replace(/\$\w+/g, '[^/]+')}/?$`),
    files: [...new Set([...parentsOf(routeId, routeChunks), routeId].flatMap((id) => routeChunks[id] ?? []))],
  }));
  return (pathname) => routes.find((route) => route.pattern.test(pathname))?.files ?? [];
}

import { createMiddleware } from 'hono/factory';
import { ForbiddenError } from '../domain/shared/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Server-to-server callers that sign their requests instead. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);

/**
 * Refuses state-changing requests that a browser sent from another site.
 * Browsers always send Origin (or Sec-Fetch-Site) on such requests; clients
 * without either are not browsers and carry no ambient cookies to abuse.
 */
export function checkOrigin(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const allowed =
      origin !== undefined
        ? origin === publicOrigin || origin === new URL(c.req.url).origin
        : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (!allowed) throw new ForbiddenError('Cross-site request refused');
    return next();
  });
}

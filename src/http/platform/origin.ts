import { createMiddleware } from 'hono/factory';
import { ForbiddenError } from '../../domain/shared/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Server-to-server callers that sign their requests instead. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);

/**
 * Refuses state-changing requests that a browser sent from another site.
 * Browsers send Origin (or Sec-Fetch-Site) on such requests. Without either
 * (an old browser, a privacy proxy that strips them) the Referer decides when
 * there is one; a client that sends none of the three is not a browser and
 * carries no ambient cookies to abuse.
 */
export function checkOrigin(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return next();
    const ours = (origin: string | undefined) => origin === publicOrigin || origin === new URL(c.req.url).origin;
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const referer = c.req.header('referer');
    let allowed: boolean;
    if (origin !== undefined) allowed = ours(origin);
    else if (fetchSite !== undefined) allowed = fetchSite === 'same-origin' || fetchSite === 'none';
    else allowed = referer === undefined || ours(originOf(referer));
    if (!allowed) throw new ForbiddenError('Cross-site request refused');
    return next();
  });
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

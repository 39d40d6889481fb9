import type { Context } from 'hono';
import { ForbiddenError } from '../../domain/shared/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Server-to-server callers that sign their requests instead. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);

/**
 * Refuses state-changing requests that a browser sent from another site.
 * Browsers send Origin (or Sec-Fetch-Site) on such requests. Without either
 * (an old browser, a privacy proxy that strips them) the Referer decides when
 * there is one; a client that sends none of the three is not a browser and
 * carries no ambient cookies to abuse. Throws; called by the API's edge middleware (src/http/app.ts).
 */
export function crossSiteGuard(publicUrl: string): (c: Context) => void {
  const publicOrigin = new URL(publicUrl).origin;
  return (c) => {
    if (SAFE_METHODS.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return;
    const ours = (origin: string | undefined) => origin === publicOrigin || origin === new URL(c.req.url).origin;
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const referer = c.req.header('referer');
    let allowed: boolean;
    if (origin !== undefined) allowed = ours(origin);
    else if (fetchSite !== undefined) allowed = fetchSite === 'same-origin' || fetchSite === 'none';
    else allowed = referer === undefined || ours(originOf(referer));
    if (!allowed) throw new ForbiddenError('Cross-site request refused');
  };
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

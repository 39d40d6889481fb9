import { Hono } from 'hono';
import { dayOf, pageViewDecider, pageViewStreamId } from '../../../domain/analytics/page-views';
import { pageViewSchema } from '../../../contract/analytics/analytics';
import type { AppDeps } from '../../deps';
import { appendCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../platform/client-address';
import type { RateRule } from '../../platform/rate-limit';
import { addressLimitKey, createRateLimiter } from '../../platform/rate-limit';
import { readJson } from '../../validation';
import { visitorHash } from '../../platform/visitor-hash';

/** Page views per address: a person clicking through the site stays far below. */
export const PAGE_VIEW_RATE_RULE: RateRule = { name: 'page-views-address', limit: 60, windowMs: 60_000 };

/** The visitor asked not to be tracked (Do Not Track or Global Privacy Control). */
function optedOut(header: (name: string) => string | undefined): boolean {
  return header('dnt')?.trim() === '1' || header('sec-gpc')?.trim() === '1';
}

/**
 * POST /api/page-views: first-party page-view analytics (no cookie, no
 * third-party script). Records the pathname, the referrer's host and an
 * anonymous visitor hash that changes daily (src/http/platform/visitor-hash.ts).
 */
export function createPageViewRoutes(deps: AppDeps): Hono<AppEnv> {
  const limiter = createRateLimiter({ enabled: deps.env.RATE_LIMITS !== 'off', counters: deps.rateCounters });
  const routes = new Hono<AppEnv>();

  routes.post('/page-views', async (c) => {
    if (optedOut((name) => c.req.header(name))) return c.body(null, 204);
    await limiter.hit(PAGE_VIEW_RATE_RULE, addressLimitKey(c));
    const { path, referrer } = await readJson(c, pageViewSchema);
    const at = deps.clock().toISOString();
    const day = dayOf(at);
    const visitor = visitorHash(deps.pageViewKey, day, clientAddress(c) ?? 'local', c.req.header('user-agent') ?? '');
    // Only the request id as metadata: the address and user agent that other events keep would identify the visitor.
    await appendCommand(
      deps,
      c,
      pageViewStreamId(day, visitor),
      pageViewDecider,
      { type: 'RecordPageView', path, referrerHost: referrer, visitorHash: visitor, at },
      // No position on the answer either: the visitor's next reads must not wait for their page view on another node.
      { metadata: { requestId: c.get('requestId') }, tellPosition: false },
    );
    // No wait for the read models: nobody reads statistics back after sending a page view.
    return c.body(null, 204);
  });

  return routes;
}

import { Hono } from 'hono';
import type { MarketStats } from '../../../contract/listings/market-stats';
import { computeMarketStats } from '../../../projections/listings/market-stats';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';

/** How long a node answers the same stats before computing them again. */
export const MARKET_STATS_MAX_AGE_S = 60;

/**
 * GET /api/stats/areas: the public market stats by area (docs/decisions/0040),
 * for anyone, signed in or not. Computed at the request's clock and kept by
 * this node for up to a minute, which browsers and proxies may do as well.
 */
export function createMarketStatsRoutes(deps: AppDeps) {
  // The promise, so requests arriving while the stats are computed wait for that one computation rather than starting their own.
  let cached: { at: number; stats: Promise<MarketStats> } | undefined;
  return new Hono<AppEnv>().get('/stats/areas', async (c) => {
    const now = deps.clock();
    const age = cached ? now.getTime() - cached.at : Infinity;
    // A clock that went back (a test's, or a node's correction) computes afresh rather than serving stats from its future.
    if (!cached || age < 0 || age >= MARKET_STATS_MAX_AGE_S * 1000) {
      const computing = { at: now.getTime(), stats: computeMarketStats(deps.readStore, now) };
      cached = computing;
      // A failed computation is not kept: the next request tries again.
      computing.stats.catch(() => {
        if (cached === computing) cached = undefined;
      });
    }
    const stats = await cached.stats;
    c.header('Cache-Control', `public, max-age=${MARKET_STATS_MAX_AGE_S}`);
    return c.json(stats);
  });
}

import { Hono } from 'hono';
import { z } from 'zod';
import { pageViewDayTotals, pageViewsPerPage } from '../../../projections/analytics/page-views-queries';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { wholeNumberParam } from '../../platform/query-params';
import { validate } from '../../validation';

/** The most-viewed paths listed; the rest are left out. */
export const TOP_PAGES = 100;

export const reportQuery = z.object({ days: wholeNumberParam('Days must be a whole number from 1 to 365', 1, 365, 30) });

type Counts = { views: number; visitors: number };

/** The `days` UTC days ending today, oldest first, as YYYY-MM-DD. */
function lastDays(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/**
 * GET /api/admin/page-views?days=30. Visitors are unique per day: the visitor
 * hash changes every day by design, so a page's visitors over several days are
 * the sum of its daily uniques.
 */
export function createAdminPageViewRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/page-views', requireAdmin(), async (c) => {
    const { days } = validate(reportQuery, c.req.query());
    const dates = lastDays(deps.clock(), days);
    const range = { from: dates[0], to: dates.at(-1) };
    const [totals, perPage] = await Promise.all([pageViewDayTotals(deps.readStore, range), pageViewsPerPage(deps.readStore, range)]);
    const byDate = new Map(totals.map((doc) => [doc.date, doc]));
    const pages = new Map<string, Counts>();
    for (const doc of perPage) {
      const counts = pages.get(doc.path) ?? { views: 0, visitors: 0 };
      pages.set(doc.path, { views: counts.views + doc.views, visitors: counts.visitors + doc.visitors });
    }
    return c.json({
      days: dates.map((date) => ({ date, views: byDate.get(date)?.views ?? 0, visitors: byDate.get(date)?.visitors ?? 0 })),
      pages: [...pages]
        .map(([path, counts]) => ({ path, ...counts }))
        .sort((a, b) => b.views - a.views || b.visitors - a.visitors || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
        .slice(0, TOP_PAGES),
    });
  });

  return routes;
}

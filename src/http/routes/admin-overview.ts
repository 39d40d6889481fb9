import { Hono } from 'hono';
import { z } from 'zod';
import type { ActivityDoc } from '../../projections/activity-log';
import { ADMIN_LOGS, activitySearchFilter, toActivityEntry } from '../../projections/activity-log';
import { PAYMENTS } from '../../projections/payments';
import { USERS } from '../../projections/users';
import type { AppDeps } from '../app';
import type { AppEnv } from '../context';
import { requireAdmin } from '../guards';
import { wholeNumberParam } from '../query-params';
import { validate } from '../validation';

/*
 * The read models of properties and bids come with later issues;
 * the dashboard counts their collections by these names, which are empty until then.
 */
const PROPERTIES = 'properties';
const BIDS = 'bids';
const RECENT_ACTIVITY = 10;

export const activityQuery = z.object({
  search: z.string().trim().max(200, 'Search must be less than 200 characters').default(''),
  page: wholeNumberParam('Page must be a whole number of at least 1', 1, 1_000_000, 1),
  pageSize: wholeNumberParam('Page size must be a whole number from 1 to 100', 1, 100, 20),
});

/** GET /dashboard and GET /activity. */
export function createAdminOverviewRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const logs = deps.readStore.collection<ActivityDoc>(ADMIN_LOGS);

  routes.get('/dashboard', requireAdmin(), async (c) => {
    const [totalUsers, totalProperties, totalBids, succeeded, recent] = await Promise.all([
      deps.readStore.collection(USERS).countDocuments(),
      deps.readStore.collection(PROPERTIES).countDocuments(),
      deps.readStore.collection(BIDS).countDocuments(),
      // Revenue is what succeeded payments took, from the payments read model (src/projections/payments.ts).
      deps.readStore.collection(PAYMENTS).find({ status: 'succeeded' }, { projection: { amount: 1 } }),
      logs.find({}, { sort: { createdAt: -1, _id: -1 }, limit: RECENT_ACTIVITY, projection: { action: 1, resourceType: 1, createdAt: 1 } }),
    ]);
    return c.json({
      totalUsers,
      totalProperties,
      totalBids,
      // Cents, as payments store them.
      totalRevenue: succeeded.reduce((sum, payment) => sum + (typeof payment.amount === 'number' ? payment.amount : 0), 0),
      recentActivity: recent.map(({ _id, action, resourceType, createdAt }) => ({ id: _id, action, resourceType, createdAt })),
    });
  });

  routes.get('/activity', requireAdmin(), async (c) => {
    const { search, page, pageSize } = validate(activityQuery, c.req.query());
    const filter = activitySearchFilter(search);
    const [entries, total] = await Promise.all([
      logs.find(filter, { sort: { createdAt: -1, _id: -1 }, skip: (page - 1) * pageSize, limit: pageSize }),
      logs.countDocuments(filter),
    ]);
    return c.json({ entries: entries.map(toActivityEntry), total, page, pageSize });
  });

  return routes;
}

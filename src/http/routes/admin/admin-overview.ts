import { Hono } from 'hono';
import type { ActivityDoc } from '../../../projections/activity-log';
import { ADMIN_LOGS } from '../../../projections/activity-log';
import { PAYMENTS } from '../../../projections/payments';
import { USERS } from '../../../projections/users';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';

/*
 * The read models of properties and bids come with later issues;
 * the dashboard counts their collections by these names, which are empty until then.
 */
const PROPERTIES = 'properties';
const BIDS = 'bids';
const RECENT_ACTIVITY = 10;

/** GET /dashboard; the activity log itself is admin-activity.ts. */
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

  return routes;
}

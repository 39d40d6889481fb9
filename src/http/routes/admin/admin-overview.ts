import { Hono } from 'hono';
import type { AdminDashboardJson } from '../../../contract/admin/admins';
import { activityEntries } from '../../../projections/admin/activity-log-queries';
import { countBids } from '../../../projections/bidding/bids-queries';
import { succeededPaymentAmounts } from '../../../projections/payments/payments-queries';
import { countProperties } from '../../../projections/listings/properties-queries';
import { countUsers } from '../../../projections/accounts/users-queries';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';

const RECENT_ACTIVITY = 10;

/** GET /dashboard; the activity log itself is admin-activity.ts. */
export function createAdminOverviewRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/dashboard', requireAdmin(), async (c) => {
    const [totalUsers, totalProperties, totalBids, succeeded, recent] = await Promise.all([
      countUsers(deps.readStore),
      countProperties(deps.readStore),
      countBids(deps.readStore),
      // Revenue is what succeeded payments took, from the payments read model (src/projections/payments/payments.ts).
      succeededPaymentAmounts(deps.readStore),
      activityEntries(deps.readStore, {}, { createdAt: -1, _id: -1 }, RECENT_ACTIVITY, { action: 1, resourceType: 1, createdAt: 1 }),
    ]);
    return c.json<AdminDashboardJson>({
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

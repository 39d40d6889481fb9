import { Hono } from 'hono';
import type { PaymentDoc } from '../../projections/payments';
import { PAYMENTS } from '../../projections/payments';
import type { UserDoc } from '../../projections/users';
import { USERS } from '../../projections/users';
import type { AppDeps } from '../app';
import type { AppEnv } from '../context';
import { requireAdmin } from '../guards';

/** The newest entries only: the back office tabs filter in the browser. */
const MAX_LISTED = 500;

/** GET /api/admin/payments (SPEC §3 payments, with userName and userEmail): every administrator reads it. */
export function createAdminPaymentRoutes(deps: AppDeps) {
  const payments = deps.readStore.collection<PaymentDoc>(PAYMENTS);
  const users = deps.readStore.collection<UserDoc>(USERS);

  return new Hono<AppEnv>().get('/payments', requireAdmin(), async (c) => {
    const list = await payments.find({}, { sort: { createdAt: -1, _id: -1 }, limit: MAX_LISTED });
    const people = await users.find({ _id: { $in: [...new Set(list.map((p) => p.userId))] } }, { projection: { name: 1, email: 1 } });
    const byId = new Map(people.map((user) => [user._id, user]));
    return c.json(
      list.map((p) => ({
        id: p._id,
        userId: p.userId,
        userName: byId.get(p.userId)?.name ?? '',
        userEmail: byId.get(p.userId)?.email ?? '',
        amount: p.amount,
        credits: p.credits,
        status: p.status,
        stripePaymentIntentId: p.stripePaymentIntentId,
        stripeChargeId: p.stripeChargeId,
        failureReason: p.failureReason,
        processedAt: p.processedAt,
        createdAt: p.createdAt,
      })),
    );
  });
}

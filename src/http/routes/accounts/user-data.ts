import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { NotFoundError } from '../../../domain/shared/errors';
import { requireUser } from '../../guards';
import { createRateLimiter } from '../../platform/rate-limit';
import { eraseUser } from './user-data-erase';
import { gatherUserExport } from './user-data-export';
import { readOptionalJson } from '../../validation';
import { currentUserId, endUserSession } from './auth-shared';
import { eraseAccountSchema } from '../../../contract/accounts/user-data';

/** GET /api/user/export and DELETE /api/user: the signed-in user's data, theirs to take and to erase (docs/decisions/0042). */
export function createUserDataRoutes(deps: AppDeps) {
  const limiter = createRateLimiter({ enabled: deps.env.RATE_LIMITS !== 'off', counters: deps.rateCounters });
  return new Hono<AppEnv>()
    .get('/user/export', requireUser(), async (c) => {
      const data = await gatherUserExport(deps, currentUserId(c));
      if (!data) throw new NotFoundError('User not found');
      const date = data.exportedAt.slice(0, 10);
      c.header('Content-Disposition', `attachment; filename="bidhome-data-${date}.json"`);
      c.header('Cache-Control', 'no-store');
      return c.json(data);
    })
    .delete('/user', requireUser(), async (c) => {
      const { password } = await readOptionalJson(c, eraseAccountSchema);
      await eraseUser(deps, c, limiter, currentUserId(c), password);
      endUserSession(c, deps);
      return c.json({ success: true });
    });
}

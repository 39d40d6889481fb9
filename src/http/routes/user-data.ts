import { Hono } from 'hono';
import type { AppDeps } from '../app';
import type { AppEnv } from '../context';
import { NotFoundError } from '../../domain/shared/errors';
import { requireUser } from '../guards';
import { gatherUserExport } from '../user-data/export';
import { currentUserId } from './auth-shared';

/** GET /api/user/export and DELETE /api/user: the signed-in user's data, theirs to take and to erase (docs/decisions/0042). */
export function createUserDataRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/user/export', requireUser(), async (c) => {
    const data = await gatherUserExport(deps, currentUserId(c));
    if (!data) throw new NotFoundError('User not found');
    const date = data.exportedAt.slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="bidhome-data-${date}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  });
}

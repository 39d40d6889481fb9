import { Hono } from 'hono';
import { z } from 'zod';
import type { TimelineActor, TimelineAnswer } from '../../../contract/admin/timeline';
import { TIMELINE_KINDS } from '../../../contract/admin/timeline';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { adminUsersByIds } from '../../../projections/admin/admin-users-queries';
import { usersByIds } from '../../../projections/accounts/users-queries';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { INVALID_CURSOR, listQuery, optionalParam } from './list-page';
import { wholeNumberParam } from '../../platform/query-params';
import { TIMELINE_FOLDS } from './timeline/fold';
import { foldTimeline } from './timeline/page';
import { validate } from '../../validation';

export const INVALID_DATE = 'Invalid date: at must be an ISO date-time such as 2026-11-24T18:30:00Z';
export const INVALID_TIMELINE_ID = 'Invalid id';
export const AT_OR_REVISION = 'Give at or revision, not both';

export const timelineParams = {
  kind: z.enum(TIMELINE_KINDS, { error: 'Kind must be listing or account' }),
  id: z.string({ error: INVALID_TIMELINE_ID }).max(64, { error: INVALID_TIMELINE_ID, abort: true }).regex(/^[\w-]+$/, INVALID_TIMELINE_ID),
};

const isoDateTime = z
  .string({ error: INVALID_DATE })
  .max(40, { error: INVALID_DATE, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/, INVALID_DATE)
  .refine((value) => !Number.isNaN(Date.parse(value)), INVALID_DATE);

/**
 * GET /api/admin/timeline/{kind}/{id}: the list contract's `limit` (docs/decisions/0032)
 * with a cursor that is the next page's first revision, and the moment of the state:
 * `at` (an ISO date-time) or `revision` (the state right after that event); neither is now.
 */
export const timelineQuery = listQuery.extend({
  cursor: optionalParam(z.string({ error: INVALID_CURSOR }).max(10, { error: INVALID_CURSOR, abort: true }).regex(/^\d+$/, INVALID_CURSOR).transform(Number)),
  at: optionalParam(isoDateTime),
  revision: optionalParam(wholeNumberParam('Revision must be a whole number', 0, 1_000_000_000, 0)),
});

/** The timeline of one listing or account, for every administrator who may read the activity log; read-only. */
export function createAdminTimelineRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/timeline/:kind/:id', requireAdmin(), async (c) => {
    const kind = validate(timelineParams.kind, c.req.param('kind'));
    const id = validate(timelineParams.id, c.req.param('id'));
    const query = validate(timelineQuery, c.req.query());
    if (query.at !== undefined && query.revision !== undefined) throw new ValidationError(AT_OR_REVISION);
    const fold = TIMELINE_FOLDS[kind];
    const stream = fold.streamOf(id);
    const events = await deps.eventStore.readStream(stream);
    if (events.length === 0) throw new NotFoundError(fold.notFound);

    const page = foldTimeline(events, fold, { start: query.cursor ?? 0, limit: query.limit, at: query.at, revision: query.revision });
    await nameActors(deps, page.items.map((item) => item.actor));
    const answer: TimelineAnswer = { kind, id, stream, ...page };
    return c.json(answer);
  });

  return routes;
}

/** Names the page's people from the users and admins read models, one query each. */
async function nameActors(deps: AppDeps, actors: Array<TimelineActor | null>): Promise<void> {
  const ids = (kind: 'admin' | 'user') => [...new Set(actors.flatMap((actor) => (actor?.kind === kind ? [actor.id] : [])))];
  const [adminIds, userIds] = [ids('admin'), ids('user')];
  const [admins, users] = await Promise.all([
    adminIds.length === 0 ? [] : adminUsersByIds(deps.readStore, adminIds, { name: 1 }),
    userIds.length === 0 ? [] : usersByIds(deps.readStore, userIds, { name: 1 }),
  ]);
  const names = new Map<string, string>([...admins.map((a) => [`admin:${a._id}`, a.name] as const), ...users.map((u) => [`user:${u._id}`, u.name] as const)]);
  for (const actor of actors) if (actor && actor.kind !== 'system') actor.name = names.get(`${actor.kind}:${actor.id}`) ?? null;
}

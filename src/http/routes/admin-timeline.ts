import { Hono } from 'hono';
import { z } from 'zod';
import type { TimelineActor, TimelineAnswer, TimelineEvent } from '../../contract/timeline';
import { TIMELINE_KINDS } from '../../contract/timeline';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import type { RecordedEvent } from '../../event-store/port';
import type { AdminUserDoc } from '../../projections/admin-users';
import { ADMIN_USERS } from '../../projections/admin-users';
import type { UserDoc } from '../../projections/users';
import { USERS } from '../../projections/users';
import type { AppDeps } from '../app';
import type { AppEnv } from '../context';
import { requireAdmin } from '../guards';
import { INVALID_CURSOR, listQuery, optionalParam } from '../list-page';
import { wholeNumberParam } from '../query-params';
import { TIMELINE_FOLDS, actorOf, clientAddressOf, countUntil, eventTime } from '../timeline/fold';
import { changesBetween, toPlainState } from '../timeline/plain-state';
import { summarizeEvent } from '../timeline/summaries';
import { validate } from '../validation';

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

    const start = Math.min(query.cursor ?? 0, events.length);
    const end = Math.min(start + query.limit, events.length);
    const upTo = query.at !== undefined ? countUntil(events, query.at) : query.revision !== undefined ? Math.min(query.revision + 1, events.length) : events.length;

    // One fold over the stream gives the state at the moment asked for and each page event's changes.
    let state = fold.initialState;
    let stateAt = state;
    const items: TimelineEvent[] = [];
    const last = Math.max(end, upTo);
    for (let i = 0; i < last; i += 1) {
      const event = events[i] as RecordedEvent;
      const before = state;
      state = fold.evolve(state, { type: event.type, data: event.data });
      if (i === upTo - 1) stateAt = state;
      // The first event creates the record: every field would read '— → value', which the state already shows.
      if (i >= start && i < end) items.push(toTimelineEvent(event, i === 0 ? [] : changesBetween(before, state)));
    }
    await nameActors(deps, items.map((item) => item.actor));

    const atOfState = query.at ?? (query.revision !== undefined && upTo > 0 ? eventTime(events[upTo - 1] as RecordedEvent) : null);
    const answer: TimelineAnswer = {
      kind,
      id,
      stream,
      items,
      nextCursor: end < events.length ? String(end) : null,
      total: events.length,
      stateAt: { at: atOfState, revision: upTo - 1, state: toPlainState(stateAt) },
    };
    return c.json(answer);
  });

  return routes;
}

function toTimelineEvent(event: RecordedEvent, changes: TimelineEvent['changes']): TimelineEvent {
  return {
    position: event.position,
    revision: event.revision,
    type: event.type,
    at: eventTime(event),
    actor: actorOf(event),
    clientAddress: clientAddressOf(event),
    summary: summarizeEvent(event),
    changes,
  };
}

/** Names the page's people from the users and admins read models, one query each. */
async function nameActors(deps: AppDeps, actors: Array<TimelineActor | null>): Promise<void> {
  const ids = (kind: 'admin' | 'user') => [...new Set(actors.flatMap((actor) => (actor?.kind === kind ? [actor.id] : [])))];
  const [adminIds, userIds] = [ids('admin'), ids('user')];
  const [admins, users] = await Promise.all([
    adminIds.length === 0 ? [] : deps.readStore.collection<AdminUserDoc>(ADMIN_USERS).find({ _id: { $in: adminIds } }, { projection: { name: 1 } }),
    userIds.length === 0 ? [] : deps.readStore.collection<UserDoc>(USERS).find({ _id: { $in: userIds } }, { projection: { name: 1 } }),
  ]);
  const names = new Map<string, string>([...admins.map((a) => [`admin:${a._id}`, a.name] as const), ...users.map((u) => [`user:${u._id}`, u.name] as const)]);
  for (const actor of actors) if (actor && actor.kind !== 'system') actor.name = names.get(`${actor.kind}:${actor.id}`) ?? null;
}

import { Hono } from 'hono';
import { z } from 'zod';
import type { ActivityEntry } from '../../../contract/admin/activity';
import { ACTIVITY_ACTIONS, ACTIVITY_TARGET_TYPES, ACTOR_TYPES, describeChange } from '../../../contract/admin/activity';
import { activityFilters, toActivityEntry } from '../../../projections/admin/activity-log';
import { activityCollection, activityEntries } from '../../../projections/admin/activity-log-queries';
import type { AppDeps } from '../../deps';
import { exportFilters, recordAudit } from './audit';
import type { AppEnv } from '../../context';
import { toCsv } from '../../platform/csv';
import { requireAdmin } from '../../guards';
import { allOf, dayParam, dayRangeFilter, listPage, listQuery, optionalParam, searchParam } from './list-page';
import { validate } from '../../validation';
import { adminActor } from './admin-shared';

/** An export answers at most this many entries, newest first; narrow the filters for older ones. */
export const MAX_ACTIVITY_CSV_ROWS = 10_000;

const filters = {
  search: searchParam,
  actorType: optionalParam(z.enum(ACTOR_TYPES, { error: 'Actor type must be admin, user or system' })),
  actorId: optionalParam(z.string({ error: 'Actor must be an id' }).max(100, 'Actor must be an id')),
  action: optionalParam(z.enum(ACTIVITY_ACTIONS, { error: 'Unknown action' })),
  targetType: optionalParam(z.enum(ACTIVITY_TARGET_TYPES, { error: 'Unknown target type' })),
  from: dayParam('From must be a date (YYYY-MM-DD)'),
  to: dayParam('To must be a date (YYYY-MM-DD)'),
};

/** GET /api/admin/activity: the list contract (docs/decisions/0032) with the log's filters (0034). */
export const activityQuery = listQuery.extend(filters);
export const activityExportQuery = z.object(filters);

type ActivityQuery = z.infer<typeof activityExportQuery>;

const CSV_COLUMNS = ['createdAt', 'actorType', 'actorName', 'actorId', 'action', 'resourceType', 'targetName', 'targetEmail', 'resourceId', 'changes', 'details', 'ipAddress', 'userAgent', 'id'] as const;

function toCsvRow(entry: ActivityEntry): Array<string | null> {
  return CSV_COLUMNS.map((column) => {
    if (column === 'changes') return entry.changes.map(describeChange).join('; ');
    if (column === 'details') return Object.keys(entry.details).length === 0 ? null : JSON.stringify(entry.details);
    return entry[column];
  });
}

/** GET /activity and GET /activity.csv, for every administrator; an export is itself logged. */
export function createAdminActivityRoutes(deps: AppDeps): Hono<AppEnv> {
  const newestFirst = { createdAt: -1, _id: -1 } as const;
  const filterOf = ({ from, to, ...rest }: ActivityQuery) => allOf(...activityFilters(rest), dayRangeFilter('createdAt', from, to));
  const routes = new Hono<AppEnv>();

  routes.get('/activity', requireAdmin(), async (c) => {
    const { limit, cursor, ...query } = validate(activityQuery, c.req.query());
    const page = await listPage(activityCollection(deps.readStore), filterOf(query), newestFirst, { limit, ...(cursor === undefined ? {} : { cursor }) });
    return c.json({ items: page.docs.map(toActivityEntry), nextCursor: page.nextCursor, total: page.total });
  });

  routes.get('/activity.csv', requireAdmin(), async (c) => {
    const query = validate(activityExportQuery, c.req.query());
    const entries = (await activityEntries(deps.readStore, filterOf(query), newestFirst, MAX_ACTIVITY_CSV_ROWS)).map(toActivityEntry);
    // Logged before the answer, so the export shows in the log it exported from on the next look.
    const adminId = adminActor(c).id;
    await recordAudit(deps, c, { kind: 'admin', id: adminId }, {
      type: 'DataExported',
      data: { adminId, export: 'activity', filters: exportFilters(query), rows: entries.length, at: deps.clock().toISOString() },
    });
    const day = deps.clock().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="activity-${day}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(toCsv(CSV_COLUMNS, entries.map(toCsvRow)));
  });

  return routes;
}

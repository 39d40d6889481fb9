import { Hono } from 'hono';
import { z } from 'zod';
import { INQUIRY_TYPES, type ProspectView } from '../../../contract/prospects/prospects';
import type { ProspectDoc } from '../../../projections/prospects/prospects';
import { prospectFilter } from '../../../projections/prospects/prospects';
import { prospectsCollection, prospectsMatching } from '../../../projections/prospects/prospects-queries';
import type { AppDeps } from '../../deps';
import { recordAudit, exportFilters } from './audit';
import type { AppEnv } from '../../context';
import { toCsv } from '../../platform/csv';
import { requireAdmin } from '../../guards';
import { allOf, dayParam, dayRangeFilter, listPage, listQuery as pagingQuery } from './list-page';
import { validate } from '../../validation';
import { adminActor } from './admin-shared';

/** An export answers at most this many rows, newest first; narrow the filters for older ones. */
export const MAX_CSV_ROWS = 10_000;

export function toProspectView({ _id, email, inquiryType, message, page, ipAddress, userAgent, createdAt }: ProspectDoc): ProspectView {
  return { id: _id, email, inquiryType, message, page, ipAddress, userAgent, createdAt };
}

const filters = {
  search: z.string().trim().max(200, 'Search must be less than 200 characters').default(''),
  inquiryType: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(INQUIRY_TYPES, { error: 'Inquiry type must be realtor, homeowner or general' }).optional(),
  ),
  from: dayParam('From must be a date (YYYY-MM-DD)'),
  to: dayParam('To must be a date (YYYY-MM-DD)'),
};
/** The list contract's paging (docs/decisions/0032) with the filters the export takes too. */
export const listQuery = pagingQuery.extend(filters);
export const exportQuery = z.object(filters);

/** The prospects `filters` select, on the list and in the export alike. */
function filterOf(query: z.output<typeof exportQuery>) {
  return allOf(prospectFilter({ search: query.search, inquiryType: query.inquiryType }), dayRangeFilter('createdAt', query.from, query.to));
}

const CSV_COLUMNS = ['id', 'email', 'inquiryType', 'message', 'page', 'ipAddress', 'userAgent', 'createdAt'] as const;

/** GET /api/admin/prospects (a page at a time) and /api/admin/prospects.csv (the same filters, every page), for every administrator. */
export function createAdminProspectRoutes(deps: AppDeps): Hono<AppEnv> {
  const newestFirst = { createdAt: -1, _id: -1 } as const;
  const routes = new Hono<AppEnv>();

  routes.get('/prospects', requireAdmin(), async (c) => {
    const query = validate(listQuery, c.req.query());
    const page = await listPage(prospectsCollection(deps.readStore), filterOf(query), newestFirst, query);
    return c.json({ items: page.docs.map(toProspectView), nextCursor: page.nextCursor, total: page.total });
  });

  routes.get('/prospects.csv', requireAdmin(), async (c) => {
    const query = validate(exportQuery, c.req.query());
    const list = await prospectsMatching(deps.readStore, filterOf(query), newestFirst, MAX_CSV_ROWS);
    const rows = list.map(toProspectView).map((view) => CSV_COLUMNS.map((column) => view[column]));
    const adminId = adminActor(c).id;
    await recordAudit(deps, c, { kind: 'admin', id: adminId }, {
      type: 'DataExported',
      data: { adminId, export: 'prospects', filters: exportFilters({ search: query.search, inquiryType: query.inquiryType, from: query.from, to: query.to }), rows: rows.length, at: deps.clock().toISOString() },
    });
    const day = deps.clock().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="prospects-${day}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(toCsv(CSV_COLUMNS, rows));
  });

  return routes;
}

import { Hono } from 'hono';
import { z } from 'zod';
import { INQUIRY_TYPES } from '../../domain/prospects/rules';
import type { ProspectDoc } from '../../projections/prospects';
import { PROSPECTS, prospectFilter } from '../../projections/prospects';
import type { AppDeps } from '../app';
import type { AppEnv } from '../context';
import { toCsv } from '../csv';
import { requireAdmin } from '../guards';
import { wholeNumberParam } from '../query-params';
import { validate } from '../validation';

/** An export answers at most this many rows, newest first; narrow the filters for older ones. */
export const MAX_CSV_ROWS = 10_000;

export interface ProspectView {
  id: string;
  email: string;
  inquiryType: ProspectDoc['inquiryType'];
  message: string | null;
  page: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

export function toProspectView({ _id, email, inquiryType, message, page, ipAddress, userAgent, createdAt }: ProspectDoc): ProspectView {
  return { id: _id, email, inquiryType, message, page, ipAddress, userAgent, createdAt };
}

const filters = {
  search: z.string().trim().max(200, 'Search must be less than 200 characters').default(''),
  inquiryType: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(INQUIRY_TYPES, { error: 'Inquiry type must be realtor, homeowner or general' }).optional(),
  ),
};
export const listQuery = z.object({
  ...filters,
  page: wholeNumberParam('Page must be a whole number of at least 1', 1, 1_000_000, 1),
  pageSize: wholeNumberParam('Page size must be a whole number from 1 to 100', 1, 100, 20),
});
export const exportQuery = z.object(filters);

const CSV_COLUMNS = ['id', 'email', 'inquiryType', 'message', 'page', 'ipAddress', 'userAgent', 'createdAt'] as const;

/** GET /api/admin/prospects and /api/admin/prospects.csv, for every administrator. */
export function createAdminProspectRoutes(deps: AppDeps): Hono<AppEnv> {
  const prospects = deps.readStore.collection<ProspectDoc>(PROSPECTS);
  const newestFirst = { createdAt: -1, _id: -1 } as const;
  const routes = new Hono<AppEnv>();

  routes.get('/prospects', requireAdmin(), async (c) => {
    const { search, inquiryType, page, pageSize } = validate(listQuery, c.req.query());
    const filter = prospectFilter({ search, inquiryType });
    const [list, total] = await Promise.all([
      prospects.find(filter, { sort: newestFirst, skip: (page - 1) * pageSize, limit: pageSize }),
      prospects.countDocuments(filter),
    ]);
    return c.json({ prospects: list.map(toProspectView), total, page, pageSize });
  });

  routes.get('/prospects.csv', requireAdmin(), async (c) => {
    const { search, inquiryType } = validate(exportQuery, c.req.query());
    const list = await prospects.find(prospectFilter({ search, inquiryType }), { sort: newestFirst, limit: MAX_CSV_ROWS });
    const rows = list.map(toProspectView).map((view) => CSV_COLUMNS.map((column) => view[column]));
    const day = deps.clock().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="prospects-${day}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(toCsv(CSV_COLUMNS, rows));
  });

  return routes;
}

import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminPaymentJson } from '../../../contract/payments/payments';
import type { PaymentDoc } from '../../../projections/payments/payments';
import { paymentsCollection } from '../../../projections/payments/payments-queries';
import type { Filter, Sort } from '../../../read-store/port';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { allOf, dayParam, dayRangeFilter, listPage, listQuery, optionalParam, searchParam } from './list-page';
import { validate } from '../../validation';
import { idsOfPeopleMatching, peopleById } from './people-search';

const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const satisfies ReadonlyArray<PaymentDoc['status']>;

// Both walk the payments' createdAt index, forwards or backwards.
const PAYMENT_SORTS = { newest: { createdAt: -1 }, oldest: { createdAt: 1 } } satisfies Record<string, Sort>;

export const paymentsListQuery = listQuery.extend({
  search: searchParam,
  status: optionalParam(z.enum(PAYMENT_STATUSES, { error: 'Status must be pending, succeeded or failed' })),
  from: dayParam('From must be a date (YYYY-MM-DD)'),
  to: dayParam('To must be a date (YYYY-MM-DD)'),
  sort: optionalParam(z.enum(['newest', 'oldest'], { error: 'Sort must be newest or oldest' })),
});

/** GET /api/admin/payments (SPEC §3 payments, with userName and userEmail), a page at a time: every administrator reads it. */
export function createAdminPaymentRoutes(deps: AppDeps) {

  /** The payer's name or email contains `search`, or it is the payment's own or its provider's id. */
  const searchFilter = async (search: string): Promise<Filter> => {
    if (search === '') return {};
    const payers = await idsOfPeopleMatching(deps.readStore, search);
    return { $or: [{ userId: { $in: payers } }, { _id: search }, { stripePaymentIntentId: search }] };
  };

  return new Hono<AppEnv>().get('/payments', requireAdmin(), async (c) => {
    const query = validate(paymentsListQuery, c.req.query());
    const filter = allOf(
      await searchFilter(query.search ?? ''),
      query.status === undefined ? {} : { status: query.status },
      dayRangeFilter('createdAt', query.from, query.to),
    );
    const page = await listPage(paymentsCollection(deps.readStore), filter, PAYMENT_SORTS[query.sort ?? 'newest'], query);
    const people = await peopleById(deps.readStore, page.docs.map((p) => p.userId));
    const items = page.docs.map((p): AdminPaymentJson => ({
      id: p._id,
      userId: p.userId,
      userName: people.get(p.userId)?.name ?? '',
      userEmail: people.get(p.userId)?.email ?? '',
      amount: p.amount,
      credits: p.credits,
      status: p.status,
      stripePaymentIntentId: p.stripePaymentIntentId,
      stripeChargeId: p.stripeChargeId,
      failureReason: p.failureReason,
      processedAt: p.processedAt,
      createdAt: p.createdAt,
    }));
    return c.json({ items, nextCursor: page.nextCursor, total: page.total });
  });
}

import { Hono } from 'hono';
import { z } from 'zod';
import { listing } from '../../../domain/listings/decide';
import { PROPERTY_NOT_FOUND } from '../../../domain/listings/decide';
import { propertyStreamId } from '../../../domain/listings/events';
import { NotFoundError } from '../../../domain/shared/errors';
import type { Filter, Sort } from '../../../read-store/port';
import type { PropertyDoc } from '../../../projections/listings/properties';
import { NEWEST_FIRST } from '../../../projections/listings/properties';
import { findProperty, propertiesCollection } from '../../../projections/listings/properties-queries';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { allOf, booleanParam, containsPattern, dayParam, dayRangeFilter, listPage, listQuery, optionalParam, searchParam } from './list-page';
import { validate } from '../../validation';
import { adminActor } from './admin-shared';
import type { AdminPropertyJson } from '../../../contract/listings/listings';
import { toPropertyJson } from '../listings/listing-shared';
import { idsOfPeopleMatching, peopleById } from './people-search';

// Newest and oldest walk the listings' own index (NEWEST_FIRST, forwards or backwards).
const PROPERTY_SORTS = {
  newest: NEWEST_FIRST,
  oldest: { listedPosition: 1, isActive: -1 },
  title: { title: 1 },
  bids: { bidCount: -1 },
} satisfies Record<string, Sort>;

export const propertiesListQuery = listQuery.extend({
  search: searchParam,
  active: booleanParam('Active must be true or false'),
  from: dayParam('From must be a date (YYYY-MM-DD)'),
  to: dayParam('To must be a date (YYYY-MM-DD)'),
  sort: optionalParam(z.enum(['newest', 'oldest', 'title', 'bids'], { error: 'Sort must be newest, oldest, title or bids' })),
});

/** /api/admin/properties: every listing, active or not, a page at a time, and the activation toggle. */
export function createAdminPropertyRoutes(deps: AppDeps): Hono<AppEnv> {
  const withOwners = async (docs: PropertyDoc[]): Promise<AdminPropertyJson[]> => {
    const owners = await peopleById(deps.readStore, docs.map((doc) => doc.ownerId));
    return docs.map((doc) => ({ ...toPropertyJson(doc), ownerName: owners.get(doc.ownerId)?.name ?? null, ownerEmail: owners.get(doc.ownerId)?.email ?? null }));
  };

  /** Title, location, or the owner's name or email contains `search` (SPEC §2 admin search box). */
  const searchFilter = async (search: string): Promise<Filter> => {
    if (search === '') return {};
    const pattern = containsPattern(search);
    const owners = await idsOfPeopleMatching(deps.readStore, search, 'homeowner');
    return { $or: [{ title: pattern }, { location: pattern }, ...(owners.length > 0 ? [{ ownerId: { $in: owners } }] : [])] };
  };

  return new Hono<AppEnv>()
    .get('/properties', requireAdmin(), async (c) => {
      const query = validate(propertiesListQuery, c.req.query());
      const filter = allOf(
        await searchFilter(query.search ?? ''),
        query.active === undefined ? {} : { isActive: query.active },
        dayRangeFilter('createdAt', query.from, query.to),
      );
      const page = await listPage(propertiesCollection(deps.readStore), filter, PROPERTY_SORTS[query.sort ?? 'newest'], query);
      return c.json({ items: await withOwners(page.docs), nextCursor: page.nextCursor, total: page.total });
    })
    .put('/properties/:id/toggle', requireAdmin(), async (c) => {
      const propertyId = c.req.param('id');
      await runCommand(deps, c, propertyStreamId(propertyId), listing, { type: 'TogglePropertyActivation', adminId: adminActor(c).id, at: deps.clock().toISOString() });
      const doc = await findProperty(deps.readStore, propertyId);
      if (!doc) throw new NotFoundError(PROPERTY_NOT_FOUND);
      const [answer] = await withOwners([doc]);
      return c.json(answer);
    });
}

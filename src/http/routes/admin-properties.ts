import { Hono } from 'hono';
import { z } from 'zod';
import { listing } from '../../domain/listings/decide';
import { PROPERTY_NOT_FOUND } from '../../domain/listings/decide';
import { propertyStreamId } from '../../domain/listings/events';
import { NotFoundError } from '../../domain/shared/errors';
import type { Filter } from '../../read-store/port';
import type { PropertyDoc } from '../../projections/properties';
import { NEWEST_FIRST, PROPERTIES } from '../../projections/properties';
import type { UserDoc } from '../../projections/users';
import { USERS } from '../../projections/users';
import type { AppDeps } from '../app';
import { runCommand } from '../commands';
import type { AppEnv } from '../context';
import { requireAdmin } from '../guards';
import { validate } from '../validation';
import { adminActor } from './admin';
import type { PropertyJson } from './listing-shared';
import { toPropertyJson } from './listing-shared';

/** A search that matches everything still answers a bounded list; the newest come first. */
const MAX_LISTED = 500;
export const searchQuery = z.object({ search: z.string().trim().max(200, 'Search must be less than 200 characters').optional() });

/** A listing as the back office's Properties tab shows it: with its owner. */
export interface AdminPropertyJson extends PropertyJson {
  ownerName: string | null;
  ownerEmail: string | null;
}

/** /api/admin/properties: every listing, active or not, and the activation toggle. */
export function createAdminPropertyRoutes(deps: AppDeps): Hono<AppEnv> {
  const properties = deps.readStore.collection<PropertyDoc>(PROPERTIES);
  const users = deps.readStore.collection<UserDoc>(USERS);

  const withOwners = async (docs: PropertyDoc[]): Promise<AdminPropertyJson[]> => {
    const owners = await users.find({ _id: { $in: [...new Set(docs.map((doc) => doc.ownerId))] } }, { projection: { name: 1, email: 1 } });
    const byId = new Map(owners.map((owner) => [owner._id, owner]));
    return docs.map((doc) => ({ ...toPropertyJson(doc), ownerName: byId.get(doc.ownerId)?.name ?? null, ownerEmail: byId.get(doc.ownerId)?.email ?? null }));
  };

  return new Hono<AppEnv>()
    .get('/properties', requireAdmin(), async (c) => {
      const { search } = validate(searchQuery, c.req.query());
      const docs = await properties.find(propertySearchFilter(search ?? ''), { sort: NEWEST_FIRST, limit: MAX_LISTED });
      return c.json(await withOwners(docs));
    })
    .put('/properties/:id/toggle', requireAdmin(), async (c) => {
      const propertyId = c.req.param('id');
      await runCommand(deps, c, propertyStreamId(propertyId), listing, { type: 'TogglePropertyActivation', adminId: adminActor(c).id, at: deps.clock().toISOString() });
      const doc = await properties.findOne({ _id: propertyId });
      if (!doc) throw new NotFoundError(PROPERTY_NOT_FOUND);
      const [answer] = await withOwners([doc]);
      return c.json(answer);
    });
}

/** Listings whose title or location contains `search`, case-insensitively (SPEC §2 admin search box). */
function propertySearchFilter(search: string): Filter {
  if (search === '') return {};
  const pattern = { $regex: search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
  return { $or: [{ title: pattern }, { location: pattern }] };
}

import { Hono } from 'hono';
import { z } from 'zod';
import { listing } from '../../../domain/listings/decide';
import { OWNER_ONLY_EDIT, PROPERTY_NOT_FOUND } from '../../../domain/listings/decide';
import { propertyStreamId } from '../../../domain/listings/events';
import { createPropertySchema, updatePropertySchema } from '../../../contract/listings/listing-requests';
import type { PropertyPageJson } from '../../../contract/listings/listings';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { NEWEST_FIRST } from '../../../projections/listings/properties';
import { findBidOn } from '../../../projections/bidding/bids-queries';
import { countProperties, findProperty, propertiesOfOwner, searchProperties } from '../../../projections/listings/properties-queries';
import { readListing } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { wholeNumberParam } from '../../platform/query-params';
import { readJson, validate } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { deleteUnusedImages, requireOwnUploads, requireUserOrAdmin, toPropertyJson } from './listing-shared';
import { afterCursor, cursorAfter, listingCursorParam, listingFilter, listingSearchFields, sortOf } from './property-search';
import { loadVerificationStatus } from '../verification/verification';
import { honourIdempotencyKey } from '../../platform/idempotency';
import { newRequestId } from '../../platform/request-seeds';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/** GET /api/properties: today's paging, and /home's search, filters and order (docs/decisions/0036-listing-search.md). */
export const pageQuery = z.object({
  cursor: listingCursorParam,
  limit: wholeNumberParam(`Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  ...listingSearchFields,
});

/** Homeowners' listings and everyone's view of them (docs/decisions/0012-listings-and-files.md). */
export function createPropertyRoutes(deps: AppDeps): Hono<AppEnv> {
  const now = () => deps.clock().toISOString();

  const hasBidOn = async (realtorId: string | undefined, propertyId: string) =>
    realtorId !== undefined && (await findBidOn(deps.readStore, realtorId, propertyId)) !== null;

  const requireProperty = async (id: string) => {
    const doc = await findProperty(deps.readStore, id);
    if (!doc) throw new NotFoundError(PROPERTY_NOT_FOUND);
    return doc;
  };

  return new Hono<AppEnv>()
    .post('/properties', requireUser('homeowner'), async (c) => {
      const ownerId = currentUserId(c);
      const { biddingEndsAt, minBidAmount, vibeMetrics, ...details } = await readJson(c, createPropertySchema);
      await requireOwnUploads(deps, ownerId, details.images, 'image');
      await honourIdempotencyKey(deps, c);
      const propertyId = newRequestId(c);
      await runCommand(deps, c, propertyStreamId(propertyId), listing, {
        type: 'ListProperty',
        propertyId,
        ownerId,
        ownerVerification: await loadVerificationStatus(deps, ownerId),
        details: { ...details, vibeMetrics: vibeMetrics ?? null },
        ...(biddingEndsAt ? { biddingEndsAt } : {}),
        minBidAmount,
        at: now(),
      });
      return c.json(toPropertyJson(await requireProperty(propertyId)), 201);
    })

    // Without paging parameters: the spec's plain list (the newest MAX_PAGE_SIZE). With `limit` or `cursor`: a page;
    // the first also counts every match. Filters and order apply to both.
    .get('/properties', requireUser(), async (c) => {
      const query = c.req.query();
      const { cursor, limit, sort, ...search } = validate(pageQuery, query);
      const paged = query.cursor !== undefined || query.limit !== undefined;
      const size = paged ? limit : MAX_PAGE_SIZE;
      const filter = listingFilter(search, deps.clock());
      const docs = await searchProperties(deps.readStore, cursor ? { ...filter, ...afterCursor(cursor, sort) } : filter, sortOf(sort), size + 1);
      const page = docs.slice(0, size).map(toPropertyJson);
      if (!paged) return c.json(page);
      const last = docs.length > size ? docs[size - 1] : undefined;
      const nextCursor = last ? cursorAfter(last, sort) : null;
      if (cursor) return c.json<PropertyPageJson>({ properties: page, nextCursor });
      // Counting is a pass over every listing, so only the first page counts (the client keeps its total), and
      // not even it when it holds every match (docs/decisions/0036-listing-search.md).
      const total = last ? await countProperties(deps.readStore, filter) : page.length;
      return c.json<PropertyPageJson>({ properties: page, nextCursor, total });
    })

    .get('/properties/:id', requireUserOrAdmin, async (c) => {
      const doc = await requireProperty(c.req.param('id'));
      const { user, admin } = c.get('session');
      // An inactive listing is hidden from everyone but its owner, the back office and the realtors
      // who bid on it: they see it paused rather than lost (their bid still stands).
      if (!doc.isActive && !admin && user?.subject !== doc.ownerId && !(await hasBidOn(user?.subject, doc._id))) {
        throw new NotFoundError(PROPERTY_NOT_FOUND);
      }
      return c.json(toPropertyJson(doc));
    })

    .get('/user/properties', requireUser(), async (c) => {
      const docs = await propertiesOfOwner(deps.readStore, currentUserId(c), { sort: NEWEST_FIRST });
      return c.json(docs.map(toPropertyJson));
    })

    .put('/properties/:id', requireUser('homeowner'), async (c) => {
      const actorId = currentUserId(c);
      const propertyId = c.req.param('id');
      const before = await readListing(deps, propertyId);
      // Who may edit needs no body, so a stranger's request is refused before its body is read
      // (docs/decisions/0021); the decider checks again against the state it appends to.
      if (before.status !== 'listed') throw new NotFoundError(PROPERTY_NOT_FOUND);
      if (before.ownerId !== actorId) throw new ForbiddenError(OWNER_ONLY_EDIT);
      const details = await readJson(c, updatePropertySchema);
      // The owner may keep their images and add ones they uploaded.
      await requireOwnUploads(deps, actorId, details.images.filter((key) => !before.images.includes(key)), 'image');
      await runCommand(deps, c, propertyStreamId(propertyId), listing, { type: 'UpdateProperty', actorId, details, at: now() });
      await deleteUnusedImages(deps, c, before.images.filter((key) => !details.images.includes(key)));
      return c.json(toPropertyJson(await requireProperty(propertyId)));
    })

    .delete('/properties/:id', requireUser('homeowner'), async (c) => {
      const propertyId = c.req.param('id');
      const { events } = await runCommand(deps, c, propertyStreamId(propertyId), listing, { type: 'DeleteProperty', actorId: currentUserId(c), at: now() });
      // Bids are refunded by the bidding context, which reacts to PropertyDeleted; the images go here.
      for (const event of events) if (event.type === 'PropertyDeleted') await deleteUnusedImages(deps, c, event.data.images);
      return c.json({ success: true });
    });
}

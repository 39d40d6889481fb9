import { Hono } from 'hono';
import { parseBlobKey } from '../../blobs/keys';
import { NotFoundError } from '../../domain/shared/errors';
import type { AppDeps } from '../app';
import type { AppEnv } from '../context';
import { requireUserOrAdmin } from './listing-shared';

/**
 * How long an image address works. The client keeps the answer for 1 hour
 * (SPEC §7 Images), so an address it still holds must not have expired.
 */
export const IMAGE_URL_TTL_SECONDS = 2 * 60 * 60;

// Older clients prefix keys with the path images were once served from.
const LEGACY_PREFIX = /^\/?api\/images\//;

/** GET /proxy-image/{imageKey} → { url }: listing images only; a bill is never reachable this way. */
export function createImageRoutes(deps: AppDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/proxy-image/:imageKey{.+}', requireUserOrAdmin, async (c) => {
    const { key, folder } = parseBlobKey(c.req.param('imageKey').replace(LEGACY_PREFIX, ''));
    if (folder !== 'images') throw new NotFoundError('Image not found');
    return c.json({ url: await deps.blobs.url(key, IMAGE_URL_TTL_SECONDS) });
  });
}

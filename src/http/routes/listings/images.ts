import { Hono } from 'hono';
import { parseBlobKey } from '../../../blobs/keys';
import { signedFileUrl } from '../../../blobs/signed-url';
import { NotFoundError } from '../../../domain/shared/errors';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requireUserOrAdmin } from './listing-shared';

/**
 * How long an image address works. The client keeps the answer for 1 hour
 * (SPEC §7 Images), so an address it still holds must not have expired.
 */
export const IMAGE_URL_TTL_SECONDS = 2 * 60 * 60;

// Older clients prefix keys with the path images were once served from.
const LEGACY_PREFIX = /^\/?api\/images\//;

/**
 * GET /proxy-image/{imageKey} → { url }: listing images and avatars only; a bill is never reachable this way.
 * The address is always this app's signed /api/files one, whatever the blob store: pages load images from
 * our own origin only (the CSP's img-src), so no other host learns who looks at a listing or a bid
 * (docs/decisions/0024).
 */
export function createImageRoutes(deps: Pick<AppDeps, 'fileUrlKey' | 'clock'>): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/proxy-image/:imageKey{.+}', requireUserOrAdmin, async (c) => {
    const { key, folder } = parseBlobKey(c.req.param('imageKey').replace(LEGACY_PREFIX, ''));
    if (folder !== 'images') throw new NotFoundError('Image not found');
    const expires = Math.floor(deps.clock().getTime() / 1000) + IMAGE_URL_TTL_SECONDS;
    return c.json({ url: signedFileUrl(deps.fileUrlKey, key, expires) });
  });
}

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isBlobKey } from '../../../contract/blob-keys';
import { storedKeysOf } from '../../../blobs/keys';
import type { UploadKind } from '../../../domain/files/events';
import { ownsUpload } from '../../../domain/files/decide';
import { PROFILE_IMAGE_RULE } from '../../../contract/realtor-profiles/realtor-profiles';
import { ForbiddenError, ValidationError } from '../../../domain/shared/errors';
import { DOCUMENT_REQUIRED_MESSAGE } from '../../../contract/verification/verification';
import type { PropertyJson } from '../../../contract/listings/listings';
import { areaOfListing } from '../../../contract/service-areas';
import type { PropertyDoc } from '../../../projections/listings/properties';
import { propertiesShowingImages } from '../../../projections/listings/properties-queries';
import { readUploads } from '../../aggregates';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { UnauthorizedError } from '../../errors';

export function toPropertyJson(doc: PropertyDoc): PropertyJson {
  const { _id, ownerId, title, description, propertyType, bedrooms, bathrooms, address, location, images } = doc;
  const { biddingEndsAt, isActive, minBidAmount, vibeMetrics, createdAt, bidCount } = doc;
  const realtorChosen = doc.realtorChosen ?? false;
  const area = areaOfListing(doc);
  return { id: _id, ownerId, title, description, propertyType, bedrooms, bathrooms, address, location, images, biddingEndsAt, isActive, minBidAmount, vibeMetrics, createdAt, bidCount, realtorChosen, area };
}

/** A signed-in user or administrator (401 otherwise): reads that administrators share with users. */
export const requireUserOrAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.get('session');
  if (!session.user && !session.admin) throw new UnauthorizedError();
  await next();
});

export const FOREIGN_UPLOAD_MESSAGE = 'You can only use files you uploaded';
/** What a key that is not an upload of the right kind is answered, and under which field. */
const NOT_AN_UPLOAD: Record<UploadKind, { field: string; message: string }> = {
  image: { field: 'images', message: 'Please add images you uploaded' },
  bill: { field: 'documentUrl', message: DOCUMENT_REQUIRED_MESSAGE },
  avatar: { field: 'profileImageUrl', message: PROFILE_IMAGE_RULE },
};

/** Refuses keys that are not of `kind`, or that `userId` did not upload (their uploads stream says). */
export async function requireOwnUploads(deps: Pick<AppDeps, 'eventStore'>, userId: string, keys: readonly string[], kind: UploadKind): Promise<void> {
  if (keys.length === 0) return;
  const { field, message } = NOT_AN_UPLOAD[kind];
  if (!keys.every((key) => isBlobKey(key, kind === 'bill' ? 'bills' : 'images'))) throw new ValidationError(message, { [field]: message });
  const state = await readUploads(deps, userId);
  if (!keys.every((key) => ownsUpload(state, key, kind))) throw new ForbiddenError(FOREIGN_UPLOAD_MESSAGE);
}

/**
 * Deletes images no remaining listing shows, after the command that let go of
 * them. A failure only leaves a file behind, so it is logged, not answered.
 */
export async function deleteUnusedImages(deps: Pick<AppDeps, 'readStore' | 'blobs' | 'logger'>, c: Context<AppEnv>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const stillShown = await propertiesShowingImages(deps.readStore, keys);
  const kept = new Set(stillShown.flatMap((doc) => doc.images));
  for (const key of keys) {
    if (kept.has(key)) continue;
    try {
      for (const stored of storedKeysOf(key)) await deps.blobs.delete(stored);
    } catch (error) {
      deps.logger.warn('image not deleted', { requestId: c.get('requestId'), key, error });
    }
  }
}

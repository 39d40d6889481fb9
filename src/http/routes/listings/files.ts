import { Hono } from 'hono';
import { contentDisposition } from '../../../blobs/disposition';
import { parseBlobKey, variantKey } from '../../../blobs/keys';
import { sniffFileType } from '../../../blobs/sniff';
import { IMAGE_WIDTHS, type ImageWidth } from '../../../contract/blob-keys';
import { checkFileSignature } from '../../../blobs/signed-url';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../domain/shared/errors';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';

export const IMAGE_WIDTH_MESSAGE = `Image width must be one of ${IMAGE_WIDTHS.join(', ')}`;

/**
 * GET /files/{key}?expires=…&signature=…[&w=400|800|1600]: the local blob
 * adapter's signed addresses. No session is needed: like an S3 presigned URL,
 * the signature is the permission, handed out only by routes that checked the
 * caller. `w` asks for an image's sized WebP copy, which the same address
 * unlocks (docs/decisions/0054); a file stored before there were copies, or a
 * bill, is served whole instead.
 */
export function createFileRoutes(deps: Pick<AppDeps, 'blobs' | 'fileUrlKey' | 'clock'>): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/files/:key{.+}', async (c) => {
    const { key, folder } = parseBlobKey(c.req.param('key'));
    const width = imageWidthOf(c.req.query('w'));
    const now = Math.floor(deps.clock().getTime() / 1000);
    const check = checkFileSignature(deps.fileUrlKey, key, c.req.query('expires'), c.req.query('signature'), now);
    if (check === 'invalid') throw new ForbiddenError('Invalid file address');
    if (check === 'expired') throw new ForbiddenError('This file address has expired');
    const variant = width !== undefined && folder === 'images' ? await deps.blobs.get(variantKey(key, width)) : null;
    const blob = variant ?? (await deps.blobs.get(key));
    if (!blob) throw new NotFoundError('File not found');
    // Browsers may keep it until the address expires, and nobody else may.
    const maxAge = Math.max(0, Number(c.req.query('expires')) - now);
    return c.body(new Uint8Array(blob.bytes), 200, {
      // What the bytes are, not what was recorded beside them.
      'Content-Type': sniffFileType(blob.bytes)?.contentType ?? 'application/octet-stream',
      'Cache-Control': `private, max-age=${maxAge}`,
      'Content-Disposition': contentDisposition(key),
    });
  });
}

function imageWidthOf(raw: string | undefined): ImageWidth | undefined {
  if (raw === undefined) return undefined;
  const width = IMAGE_WIDTHS.find((allowed) => String(allowed) === raw);
  if (width === undefined) throw new ValidationError(IMAGE_WIDTH_MESSAGE);
  return width;
}

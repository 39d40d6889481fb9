import { Hono } from 'hono';
import { contentDisposition } from '../../../blobs/disposition';
import { parseBlobKey } from '../../../blobs/keys';
import { sniffFileType } from '../../../blobs/sniff';
import { checkFileSignature } from '../../../blobs/signed-url';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';

/**
 * GET /files/{key}?expires=…&signature=…: the local blob adapter's signed
 * addresses. No session is needed: like an S3 presigned URL, the signature is
 * the permission, handed out only by routes that checked the caller.
 */
export function createFileRoutes(deps: Pick<AppDeps, 'blobs' | 'fileUrlKey' | 'clock'>): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/files/:key{.+}', async (c) => {
    const { key } = parseBlobKey(c.req.param('key'));
    const now = Math.floor(deps.clock().getTime() / 1000);
    const check = checkFileSignature(deps.fileUrlKey, key, c.req.query('expires'), c.req.query('signature'), now);
    if (check === 'invalid') throw new ForbiddenError('Invalid file address');
    if (check === 'expired') throw new ForbiddenError('This file address has expired');
    const blob = await deps.blobs.get(key);
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

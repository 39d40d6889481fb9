import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The local adapter's short-lived addresses: `/api/files/{key}?expires=…&signature=…`,
 * an HMAC over the key and the expiry, as S3's presigned URLs are. The signing
 * key is derived from the session secret, so no raw secret travels further
 * and a new secret voids every address handed out.
 */

export const FILES_PATH = '/api/files';

export function deriveFileUrlKey(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('blob-url-signing').digest('hex');
}

function sign(signingKey: string, key: string, expires: number): string {
  return createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('hex');
}

/** A site-relative address for `key`, valid until `expires` (seconds since the epoch). */
export function signedFileUrl(signingKey: string, key: string, expires: number): string {
  return `${FILES_PATH}/${encodeURIComponent(key)}?expires=${expires}&signature=${sign(signingKey, key, expires)}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** Checks the signature in constant time, then the expiry. */
export function checkFileSignature(
  signingKey: string,
  key: string,
  expires: string | undefined,
  signature: string | undefined,
  nowSeconds: number,
): SignatureCheck {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(sign(signingKey, key, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return Number(expires) < nowSeconds ? 'expired' : 'valid';
}

/*
 * The requests that create something and honour an `Idempotency-Key`
 * (docs/decisions/0061): the web client sends a new key with each submit,
 * the same key on each of its retries, and retries them after a network
 * error or a 503. Other writes are not retried: a second try of those may be
 * refused for what the first one did.
 */

export const RETRYABLE_CREATES = [
  'POST /api/register',
  'POST /api/properties',
  'POST /api/properties/:id/bid',
  'POST /api/properties/:id/review',
  'POST /api/prospects',
  'POST /api/upload-document',
  'POST /api/upload-property-image',
  'POST /api/upload-profile-image',
  'POST /api/admin/admin-users',
  'POST /api/admin/legal-documents',
  'POST /api/credits/purchase',
] as const;

const patterns = RETRYABLE_CREATES.map((operation) => {
  const [method, path = ''] = operation.split(' ');
  return { method, path: new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`) };
});

/** True for a request one of RETRYABLE_CREATES names; `path` may be a full address or carry a query. */
export function isRetryableCreate(method: string, path: string): boolean {
  const pathname = new URL(path, 'http://localhost').pathname;
  return patterns.some((pattern) => pattern.method === method.toUpperCase() && pattern.path.test(pathname));
}

/** How many times a retryable create is sent again, and the waits before each try (unless the answer's Retry-After asks for longer, up to the last). */
export const CREATE_RETRY_DELAYS_MS = [300, 1000, 3000] as const;

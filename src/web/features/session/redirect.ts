/** Where a session lands when nothing else is asked for. */
export const SIGNED_IN_HOME = '/home';

/**
 * A redirect target from a query parameter or the login answer, kept only when
 * it is a path on this site: '//evil.example' and absolute URLs would turn
 * the sign-in page into an open redirect.
 */
export function readSafeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value.length > 2048) return undefined;
  return value;
}

/*
 * Where a sign-in may send the browser next: the /auth page's `redirect`
 * parameter and the login answer's `redirectTo`. The server and the web client
 * both call `sameSitePath`, so they agree on what is followed
 * (docs/decisions/0024-redirects-and-profile-images.md).
 */

export const MAX_REDIRECT_LENGTH = 2048;

// Never a real host: only whether a value resolves away from it matters.
const PROBE_ORIGIN = 'http://same-site.invalid';
// A value encoded more often than this is a trick, not a link.
const MAX_DECODINGS = 3;

/**
 * `value` when it is a path on this site ('/store?tab=1'), else undefined.
 * Refused: anything not starting with one '/' ('https:', 'javascript:',
 * '//host', '/\host'), control characters (browsers drop tabs and newlines, so
 * '/\t/host' becomes '//host') and backslashes (read as '/'), also once
 * percent-decoded ('/%2F%2Fhost'), and paths that resolve to '//' ('/..//host').
 */
export function sameSitePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_REDIRECT_LENGTH) return undefined;
  const decoded = decodeRepeatedly(value);
  if (decoded === undefined) return undefined;
  return isPlainPath(value) && isPlainPath(decoded) ? value : undefined;
}

function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || hasControlCharacter(path)) return false;
  let resolved: URL;
  try {
    resolved = new URL(path, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return resolved.origin === PROBE_ORIGIN && !resolved.pathname.startsWith('//');
}

/** Decoded until it stops changing; undefined when it keeps changing. A malformed escape ends the decoding, as it does in a browser. */
function decodeRepeatedly(value: string): string | undefined {
  let current = value;
  for (let round = 0; round <= MAX_DECODINGS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

// C0 controls, DEL and the C1 range.
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

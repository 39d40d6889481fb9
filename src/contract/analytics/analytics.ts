import { z } from 'zod';

/*
 * What a page view may record (first-party analytics): the pathname only, and
 * the referrer's host only. Query strings and fragments can carry tokens or
 * personal data, so they never reach the log.
 */

export const PATH_MAX = 200;

/** The pathname of a path or URL the client sent, at most 200 characters; null when it is not one. */
export function normalizePath(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return null;
  let pathname: string;
  try {
    pathname = new URL(trimmed, 'http://page.invalid').pathname;
  } catch {
    return null;
  }
  return pathname.slice(0, PATH_MAX);
}

/** The referrer's host (with its port, if any), lowercased; null when absent or not an http(s) URL. */
export function referrerHost(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.host.toLowerCase().slice(0, 255) || null;
  } catch {
    return null;
  }
}

const PATH_MESSAGE = 'Path must be a path such as /about';

/** What POST /api/page-views accepts. */
export const pageViewSchema = z.object({
  path: z
    .string({ error: 'Path is required' })
    .max(2048, PATH_MESSAGE)
    .transform((path, ctx) => {
      const normalized = normalizePath(path);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: PATH_MESSAGE });
        return z.NEVER;
      }
      return normalized;
    }),
  referrer: z
    .string()
    .max(2048)
    .nullish()
    .catch(null)
    .transform((referrer) => referrerHost(referrer)),
});
export type PageViewInput = z.input<typeof pageViewSchema>;

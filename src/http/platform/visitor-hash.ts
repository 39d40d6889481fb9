import { createHash, createHmac } from 'node:crypto';

/*
 * Anonymous visitors for first-party page views: no cookie, and nothing kept
 * that names a person. A visitor is SHA-256(daily salt + address + user agent);
 * the salt changes every UTC day, so the same person gets an unrelated hash
 * tomorrow and visits cannot be linked across days.
 */

/** The key the daily salts come from, derived from the session secret so no raw secret travels further. */
export function derivePageViewKey(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('page-view-visitor-salt').digest('hex');
}

/** The salt of one UTC day (`YYYY-MM-DD`). */
export function dailySalt(pageViewKey: string, day: string): string {
  return createHmac('sha256', pageViewKey).update(day).digest('hex');
}

export function visitorHash(pageViewKey: string, day: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${dailySalt(pageViewKey, day)}\n${address}\n${userAgent}`)
    .digest('hex');
}

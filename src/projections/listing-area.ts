/*
 * The area a listing counts in, for realtor insights (docs/decisions/0039) and
 * the public market stats (0040): its location ('City, State') as the owner
 * typed it on PropertyListed and on each PropertyUpdated.
 */

/** The location a PropertyListed or PropertyUpdated carries; undefined when it carries none. */
export function listingArea(data: Record<string, unknown>): string | undefined {
  return typeof data.location === 'string' ? data.location : undefined;
}

/** One key per area however it was typed: 'austin,  tx ' and 'Austin, TX' group together. */
export function areaKey(area: string): string {
  return area.trim().replace(/\s+/g, ' ').replace(/ ?, ?/g, ', ').toLowerCase();
}

/** The spelling shown for an area: tidied of stray spaces and commas, case as typed. */
export function tidyArea(area: string): string {
  return area.trim().replace(/\s+/g, ' ').replace(/ ?, ?/g, ', ');
}

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

/** The city of a location ('Mississauga, ON' → 'Mississauga'): its first part, tidied. */
export function cityOf(location: string): string {
  return tidyArea(location).split(',')[0]?.trim() ?? '';
}

/**
 * Whether a realtor with these service areas serves a listing at `location`:
 * one of the areas is named in the location as a whole word, whatever the case
 * ('Mississauga' serves 'Mississauga, ON'; 'North York' serves 'north york, ON').
 */
export function servesArea(serviceAreas: readonly string[], location: string): boolean {
  const where = ` ${areaKey(location).replace(/[^a-z0-9]+/g, ' ')} `;
  return serviceAreas.some((area) => {
    const name = area.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
    return name !== '' && where.includes(` ${name} `);
  });
}

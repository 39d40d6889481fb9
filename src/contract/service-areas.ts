/*
 * The spec's 19 service areas (SPEC §9), as plain values: a realtor's profile
 * names the areas they serve, a listing names the one it is in (issue 27,
 * docs/decisions/0060), and /home filters by it without loading zod.
 */

export const SERVICE_AREAS = [
  'Downtown',
  'North York',
  'Scarborough',
  'Etobicoke',
  'East York',
  'York',
  'Mississauga',
  'Brampton',
  'Markham',
  'Richmond Hill',
  'Vaughan',
  'Milton',
  'Oakville',
  'Burlington',
  'Kitchener',
  'Waterloo',
  'Cambridge',
  'Guelph',
  'Wellington County',
] as const;
export type ServiceArea = (typeof SERVICE_AREAS)[number];

export const LISTING_AREA_RULE = 'Area must be one of the service areas';

export function isServiceArea(value: unknown): value is ServiceArea {
  return typeof value === 'string' && (SERVICE_AREAS as readonly string[]).includes(value);
}

/**
 * The service area a location ('Mississauga, ON') names as its city, whatever
 * the case and spacing; null when the city is none of them. The listing form
 * suggests it, and a listing that names no area is counted in it.
 */
export function serviceAreaOfLocation(location: string): ServiceArea | null {
  const city = (location.split(',')[0] ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return SERVICE_AREAS.find((area) => area.toLowerCase() === city) ?? null;
}

/**
 * The area a listing is in: the one its owner chose (null: none), or for a
 * listing from before listings had areas, the one its location names.
 */
export function areaOfListing(listing: { area?: ServiceArea | null; location: string }): ServiceArea | null {
  return listing.area !== undefined ? listing.area : serviceAreaOfLocation(listing.location);
}

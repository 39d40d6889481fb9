/*
 * What a listing is made of, as the server stores it and the client offers it:
 * plain values without the validation library, so pages that only show or
 * filter listings (the /home search, in the first load) need not load it.
 */

import type { ServiceArea } from '../service-areas';

export const PROPERTY_TYPES = ['house', 'apartment', 'condo', 'townhouse'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const VIBE_CATEGORIES = ['cafes', 'greenery', 'schools', 'safety', 'transit', 'community'] as const;
export type VibeCategory = (typeof VIBE_CATEGORIES)[number];
export type VibeMetrics = Record<VibeCategory, number>;

/** A listing as every answer shows it (SPEC §3 properties, plus its bid count and whether the owner chose). */
export type PropertyJson = {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  address: string;
  location: string;
  /** Opaque image keys; the first is the cover. */
  images: string[];
  biddingEndsAt: string;
  isActive: boolean;
  minBidAmount: number;
  vibeMetrics: VibeMetrics | null;
  createdAt: string;
  bidCount: number;
  /** The owner selected a bid. */
  realtorChosen: boolean;
  /** One of the 19 service areas, or null when the listing is in none (docs/decisions/0060). */
  area: ServiceArea | null;
};

/** GET /api/properties?limit&cursor (with /home's filters): the first page's `total` counts every match; later pages leave it out. */
export type PropertyPageJson = { properties: PropertyJson[]; nextCursor: string | null; total?: number };

/** A listing as the back office's Properties tab shows it (GET /api/admin/properties, PUT …/toggle): with its owner. */
export interface AdminPropertyJson extends PropertyJson {
  ownerName: string | null;
  ownerEmail: string | null;
}

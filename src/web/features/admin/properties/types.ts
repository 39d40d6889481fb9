/** An item of GET /api/admin/properties, and PUT …/toggle: the property (docs/decisions/0012) with its owner. */
export type AdminProperty = {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  address: string;
  location: string;
  images: string[];
  biddingEndsAt: string | null;
  isActive: boolean;
  minBidAmount: number;
  createdAt: string;
  bidCount: number;
  ownerName: string | null;
  ownerEmail: string | null;
};

export const PROPERTY_STATES = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

export const PROPERTY_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'title', label: 'By title' },
  { value: 'bids', label: 'Most bids' },
] as const;

/** The filters of GET /api/admin/properties (propertiesListQuery) the portal offers. */
export type PropertyFilters = {
  active?: (typeof PROPERTY_STATES)[number]['value'];
  sort?: (typeof PROPERTY_SORTS)[number]['value'];
};

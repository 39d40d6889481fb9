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

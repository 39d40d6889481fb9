import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';
import type { AdminProperty, PropertyFilters } from './types';

/** Every listing, a page at a time, searched by title, location or owner on the server. */
export function adminPropertiesQuery(search = '', filters: PropertyFilters = {}) {
  return pagedListQuery<AdminProperty>(queryKeys.adminProperties, '/api/admin/properties', { search, ...filters });
}

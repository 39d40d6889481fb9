import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';
import type { PropertyFilters } from './types';
import type { AdminPropertyJson } from '../../../../contract/listings/listings';

/** Every listing, a page at a time, searched by title, location or owner on the server. */
export function adminPropertiesQuery(search = '', filters: PropertyFilters = {}) {
  return pagedListQuery<AdminPropertyJson>(queryKeys.adminProperties, '/api/admin/properties', { search, ...filters });
}

import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';
import type { AdminRealtorProfile, RealtorFilters } from './types';

/** Every realtor, a page at a time, with the search and filters of /admin/realtors. */
export function realtorProfilesQuery(search = '', filters: RealtorFilters = {}) {
  return pagedListQuery<AdminRealtorProfile>(queryKeys.adminRealtorProfiles, '/api/admin/realtors', { search, ...filters });
}

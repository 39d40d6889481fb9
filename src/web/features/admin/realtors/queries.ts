import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminRealtorProfile } from './types';

export function realtorProfilesQuery() {
  return queryOptions({
    queryKey: queryKeys.adminRealtorProfiles,
    queryFn: () => apiFetch<AdminRealtorProfile[]>('/api/admin/realtor-profiles'),
    // Realtors edit their profiles at any time: opening the tab again refetches.
    staleTime: 0,
  });
}

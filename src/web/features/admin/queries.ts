import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchOrNullOn401 } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { pagedListQuery } from './paged-list';
import type { Admin } from './types';
import type { UserFilters } from './users/user-filters';
import type { AdminDashboardJson, ManagedUserView } from '../../../contract/admin/admins';

/** The signed-in administrator, or null when signed out (a 401). */
export function adminMeQuery() {
  return queryOptions({
    queryKey: queryKeys.adminMe,
    queryFn: async () => {
      try {
        const answer = await apiFetchOrNullOn401<{ admin: Admin }>('/api/admin/me', 'admin');
        return answer?.admin ?? null;
      } catch {
        // Spec section 8: any failure but a 401 reads the same to the admin.
        throw new Error('Failed to fetch admin data');
      }
    },
  });
}

export function dashboardQuery() {
  return queryOptions({
    queryKey: queryKeys.adminDashboard,
    queryFn: () => apiFetch<AdminDashboardJson>('/api/admin/dashboard'),
  });
}

/** GET /api/admin/users, a page at a time, with the search and filters of /admin/users. */
export function usersQuery(search: string, filters: UserFilters = {}) {
  return pagedListQuery<ManagedUserView>(queryKeys.adminUsers, '/api/admin/users', { search, ...filters });
}

export function administratorsQuery(search = '') {
  return pagedListQuery<Admin>(queryKeys.adminAdministrators, '/api/admin/admin-users', { search });
}

/** What /admin and /admin/<tab> load before they render: the administrator, and the stat cards started. */
export async function loadAdmin(queryClient: QueryClient): Promise<void> {
  const admin = await queryClient.ensureQueryData(adminMeQuery());
  // Started, not awaited: the stat cards show skeletons rather than holding the page.
  if (admin !== null) void queryClient.prefetchQuery(dashboardQuery());
}

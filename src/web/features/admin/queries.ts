import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchOrNullOn401 } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { ActivityPage, Admin, DashboardStats, ManagedUser } from './types';

export const ACTIVITY_PAGE_SIZE = 20;

/** The signed-in administrator, or null when signed out (a 401). */
export function adminMeQuery() {
  return queryOptions({
    queryKey: queryKeys.adminMe,
    queryFn: async () => {
      try {
        const answer = await apiFetchOrNullOn401<{ admin: Admin }>('/api/admin/me');
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
    queryFn: () => apiFetch<DashboardStats>('/api/admin/dashboard'),
  });
}

export function usersQuery(search: string) {
  return queryOptions({
    queryKey: [...queryKeys.adminUsers, { search }] as const,
    queryFn: () => apiFetch<ManagedUser[]>(`/api/admin/users?${new URLSearchParams({ search })}`),
    // A new search term keeps the last list on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function administratorsQuery() {
  return queryOptions({
    queryKey: queryKeys.adminAdministrators,
    queryFn: () => apiFetch<Admin[]>('/api/admin/admin-users'),
  });
}

export function activityQuery({ search, page }: { search: string; page: number }) {
  return queryOptions({
    queryKey: [...queryKeys.adminActivity, { search, page, pageSize: ACTIVITY_PAGE_SIZE }] as const,
    queryFn: () =>
      apiFetch<ActivityPage>(
        `/api/admin/activity?${new URLSearchParams({ search, page: String(page), pageSize: String(ACTIVITY_PAGE_SIZE) })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

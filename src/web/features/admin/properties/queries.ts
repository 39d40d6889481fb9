import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminProperty } from './types';

/** The portal's search box filters properties by title or location, on the server. */
export function adminPropertiesQuery(search: string) {
  return queryOptions({
    queryKey: [...queryKeys.adminProperties, { search }] as const,
    queryFn: () => apiFetch<AdminProperty[]>(`/api/admin/properties?${new URLSearchParams({ search })}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { ProspectFilters, ProspectPage } from './types';

export const PROSPECTS_PAGE_SIZE = 20;

function filterParams({ search, inquiryType }: ProspectFilters): URLSearchParams {
  const params = new URLSearchParams({ search });
  if (inquiryType !== '') params.set('inquiryType', inquiryType);
  return params;
}

export function prospectsQuery(filters: ProspectFilters & { page: number }) {
  return queryOptions({
    queryKey: [...queryKeys.adminProspects, { ...filters, pageSize: PROSPECTS_PAGE_SIZE }] as const,
    queryFn: () => {
      const params = filterParams(filters);
      params.set('page', String(filters.page));
      params.set('pageSize', String(PROSPECTS_PAGE_SIZE));
      return apiFetch<ProspectPage>(`/api/admin/prospects?${params}`);
    },
    placeholderData: keepPreviousData,
    // New contacts arrive at any time; opening the tab again shows them.
    staleTime: 0,
  });
}

/** The CSV export of the same filters: a plain link, so the browser downloads it with the session cookie. */
export function prospectsCsvHref(filters: ProspectFilters): string {
  return `/api/admin/prospects.csv?${filterParams(filters)}`;
}

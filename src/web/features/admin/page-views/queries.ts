import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type DayCount = { date: string; views: number; visitors: number };
export type PageCount = { path: string; views: number; visitors: number };
export type PageViewReport = { days: DayCount[]; pages: PageCount[] };

export const REPORT_RANGES = [7, 30, 90] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** GET /api/admin/page-views?days=: per UTC day (oldest first) and the most viewed paths. */
export function pageViewsQuery(days: ReportRange) {
  return queryOptions({
    queryKey: [...queryKeys.adminPageViews, { days }] as const,
    queryFn: () => apiFetch<PageViewReport>(`/api/admin/page-views?${new URLSearchParams({ days: String(days) })}`),
    placeholderData: keepPreviousData,
    // Views keep arriving; opening the tab again shows the latest counts.
    staleTime: 0,
  });
}

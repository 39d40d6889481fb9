import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { loadRealtorProfileAnswer } from '../../lib/answer-schemas';
import { queryKeys } from '../../lib/query-keys';
import type { OwnRealtorProfile, RealtorInsights } from './types';
import type { RealtorDashboardJson } from '../../../contract/realtor-profiles/realtor-insights';

export function ownRealtorProfileQuery() {
  return queryOptions({
    queryKey: queryKeys.ownRealtorProfile,
    queryFn: () => apiFetch<OwnRealtorProfile>('/api/realtor-profile', {}, loadRealtorProfileAnswer),
  });
}

export function realtorDashboardQuery() {
  return queryOptions({
    queryKey: queryKeys.realtorDashboard,
    queryFn: () => apiFetch<RealtorDashboardJson>('/api/dashboard'),
  });
}

export function realtorInsightsQuery() {
  return queryOptions({
    queryKey: queryKeys.realtorInsights,
    queryFn: () => apiFetch<RealtorInsights>('/api/dashboard/insights'),
  });
}

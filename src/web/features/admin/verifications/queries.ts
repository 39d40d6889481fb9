import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { Verification } from './types';

export function verificationsQuery() {
  return queryOptions({
    queryKey: queryKeys.adminVerifications,
    queryFn: () => apiFetch<Verification[]>('/api/admin/verifications'),
    // Homeowners submit at any time and no push announces it: opening the tab again refetches.
    staleTime: 0,
  });
}

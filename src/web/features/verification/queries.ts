import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { VerificationStatusJson } from '../../../contract/verification/verification';

/**
 * The homeowner's ownership verification. An administrator's review arrives
 * as a push (`homeowner:verification`) to an open page; each screen that shows
 * it also asks again when it opens (staleTime 0).
 */
export function verificationStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.verificationStatus,
    queryFn: () => apiFetch<VerificationStatusJson>('/api/verification/status'),
    staleTime: 0,
  });
}

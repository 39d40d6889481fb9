import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { VerificationStatusJson } from '../../../contract/verification';

/**
 * The homeowner's ownership verification. An administrator's review arrives
 * without a push, so each screen that shows it asks again when it opens
 * (staleTime 0) instead of keeping the first answer for the session.
 */
export function verificationStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.verificationStatus,
    queryFn: () => apiFetch<VerificationStatusJson>('/api/verification/status'),
    staleTime: 0,
  });
}

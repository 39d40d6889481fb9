import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';
import type { Verification, VerificationFilters } from './types';
import type { VerificationCounts } from '../../../../contract/verification/verification';

/** Submissions a page at a time; `?status=pending` is the review queue, oldest first. The answer counts every status. */
export function verificationsQuery(search = '', filters: VerificationFilters = {}) {
  return pagedListQuery<Verification, { counts: VerificationCounts }>(queryKeys.adminVerifications, '/api/admin/verifications', { search, ...filters });
}

import type { AdminVerificationJson, VerificationReviewStatus } from '../../../../contract/verification/verification';

export type VerificationStatus = VerificationReviewStatus;

/** GET /api/admin/verifications (docs/decisions/0012). Both URLs hold the bill's key, never an address. */
export type Verification = AdminVerificationJson;

/** Who sent the bill, as the queue names them. */
export const submitterName = (item: Pick<Verification, 'userName'>): string => item.userName ?? 'Unknown user';

/** The Homeowners list's filters, as /admin/verifications keeps them in its search params. */
export type VerificationFilters = {
  status?: VerificationStatus;
  sort?: 'newest' | 'oldest';
};

/** The queue's filters as a link carries them: `status=all` for every submission; no status is the pending queue. */
export type QueueSearch = { status?: VerificationStatus | 'all'; sort?: 'newest' | 'oldest' };

/** Keeps only the filters a link may carry. */
export function parseQueueSearch(search: Record<string, unknown>): QueueSearch {
  const parsed: QueueSearch = {};
  if (search.status === 'pending' || search.status === 'approved' || search.status === 'rejected' || search.status === 'all') parsed.status = search.status;
  if (search.sort === 'newest' || search.sort === 'oldest') parsed.sort = search.sort;
  return parsed;
}

/** The list's filters for a link's search. */
export function queueFilters({ status = 'pending', sort }: QueueSearch): VerificationFilters {
  return { ...(status === 'all' ? {} : { status }), ...(sort === undefined ? {} : { sort }) };
}

/** The link's search for the list's filters: the pending queue is the default, so it needs none. */
export function queueSearch({ status, sort }: VerificationFilters): QueueSearch {
  return { ...(status === undefined ? { status: 'all' as const } : status === 'pending' ? {} : { status }), ...(sort === undefined ? {} : { sort }) };
}

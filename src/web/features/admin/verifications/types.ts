export type VerificationStatus = 'pending' | 'approved' | 'rejected';

/** GET /api/admin/verifications (docs/decisions/0012). Both URLs hold the bill's key, never an address. */
export type Verification = {
  id: string;
  userId: string;
  documentType: string;
  documentUrl: string;
  utilityBillUrl: string;
  status: VerificationStatus;
  submittedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  /** The reviewing administrator's name, or null while pending. */
  reviewedByName: string | null;
  rejectionReason: string | null;
  /** The reviewer's notes for other administrators (never mailed to the homeowner). */
  adminNotes: string | null;
  userName: string;
  userEmail: string;
};

export type VerificationCounts = { pending: number; approved: number; rejected: number };

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

/** POST /api/admin/verifications/approve. */
export type BulkApproval = { approved: string[]; skipped: Array<{ id: string; reason: string }> };

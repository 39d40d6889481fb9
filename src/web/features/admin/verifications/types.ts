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
  rejectionReason: string | null;
  userName: string;
  userEmail: string;
};

export type VerificationCounts = { pending: number; approved: number; rejected: number };

/** The Homeowners list's filters, as /admin/verifications keeps them in its search params. */
export type VerificationFilters = {
  status?: VerificationStatus;
  sort?: 'newest' | 'oldest';
};

/** Keeps only the filters a link may carry. */
export function parseVerificationFilters(search: Record<string, unknown>): VerificationFilters {
  const filters: VerificationFilters = {};
  if (search.status === 'pending' || search.status === 'approved' || search.status === 'rejected') filters.status = search.status;
  if (search.sort === 'newest' || search.sort === 'oldest') filters.sort = search.sort;
  return filters;
}

/** POST /api/admin/verifications/approve. */
export type BulkApproval = { approved: string[]; skipped: Array<{ id: string; reason: string }> };

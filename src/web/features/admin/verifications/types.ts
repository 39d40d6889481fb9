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

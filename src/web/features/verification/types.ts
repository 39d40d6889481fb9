/** GET /api/verification/status (and the answer of POST /api/verification/submit). */
export type VerificationStatus = {
  status: 'not_submitted' | 'pending' | 'approved' | 'rejected';
  submittedAt?: string;
  reviewedAt?: string;
  rejectionReason?: string;
};

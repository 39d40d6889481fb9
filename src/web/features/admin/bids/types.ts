import type { BidStatus } from '../../../../domain/bidding/bid-status';

/** GET /api/admin/bids (docs/decisions/0013). */
export type AdminBid = {
  id: string;
  propertyId: string;
  propertyTitle: string;
  realtorId: string;
  realtorName: string;
  realtorEmail: string;
  amount: number;
  message: string;
  status: BidStatus;
  statusLabel: string;
  selected: boolean;
  createdAt: string;
};

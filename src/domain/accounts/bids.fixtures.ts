import type { PlaceBid, PropertySnapshot, UserId } from './commands';
import type { AccountEvent } from './events';

/* The account events and commands the bid tests (bids.test.ts, bids-rewards.test.ts) start from. */

// The clock is the command's `at`: bidding on the property closes at `closes`.
export const at = '2026-11-22T10:00:00.000Z';
export const closes = '2026-12-06T10:00:00.000Z';
export const afterClose = '2026-12-06T10:00:00.001Z';
export const userId = 'b7a3c1d2-0000-4000-8000-000000000002' as UserId;

export const registered = (role: 'realtor' | 'homeowner' = 'realtor'): AccountEvent => ({
  type: 'UserRegistered',
  data: { userId, username: 'rita', email: 'rita@example.com', name: 'Rita Realtor', phone: '+14165550100', role, at },
});
export const credited = (credits: number, previousCredits = 0): AccountEvent => ({
  type: 'CreditsSetByAdmin',
  data: { credits, previousCredits, adminId: 'admin-1', reason: 'Set by administrator', at },
});
export const open: PropertySnapshot = { exists: true, ownerId: 'owner-1', isActive: true, biddingEndsAt: closes, minBidAmount: 100 };

export const place = (overrides: Partial<PlaceBid> = {}): PlaceBid => ({
  type: 'PlaceBid',
  bidId: 'bid-1',
  propertyId: 'p1',
  amount: 150,
  message: '  I sell fast.  ',
  property: open,
  realtorApproved: true,
  at,
  ...overrides,
});
export const placed = (bidId: string, propertyId: string, balanceAfter: number, message = ''): AccountEvent => ({
  type: 'BidPlaced',
  data: { bidId, propertyId, amount: 150, message, at, balanceAfter },
});
export const firstBidReward = (balanceAfter: number): AccountEvent => ({
  type: 'RewardGranted',
  data: { achievement: 'first-bid', credits: 1, reason: 'Achievement completed: First Bid', at, balanceAfter },
});
/** A realtor who already placed a first bid and was rewarded, now holding `credits`. */
export const veteran = (credits: number): AccountEvent[] => [registered(), credited(1), placed('bid-0', 'p0', 0), firstBidReward(1), credited(credits, 1)];

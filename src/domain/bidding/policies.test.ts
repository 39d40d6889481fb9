import { describe, expect, it } from 'vitest';
import { REFUND_REASON, refundForBidOnDeletedProperty, refundsForDeletedProperty } from './policies';

describe('refund policy', () => {
  const bids = [
    { bidId: 'b1', realtorId: 'r1', placedAt: '2026-11-22T10:00:00.000Z' },
    { bidId: 'b2', realtorId: 'r2', placedAt: '2026-11-23T10:00:00.000Z' },
  ];

  it('refunds every bid placed while bidding was open, at the deletion time', () => {
    expect(refundsForDeletedProperty('2026-11-30T00:00:00.000Z', '2026-11-23T00:00:00.000Z', bids)).toEqual([
      { realtorId: 'r1', command: { type: 'RefundBid', bidId: 'b1', reason: REFUND_REASON, at: '2026-11-30T00:00:00.000Z' } },
    ]);
    expect(refundsForDeletedProperty('2026-11-30T00:00:00.000Z', null, bids)).toHaveLength(2);
  });

  it('refunds a bid that landed after its property was deleted', () => {
    expect(refundForBidOnDeletedProperty(bids[0]!, true)).toEqual([
      { realtorId: 'r1', command: { type: 'RefundBid', bidId: 'b1', reason: REFUND_REASON, at: '2026-11-22T10:00:00.000Z' } },
    ]);
    expect(refundForBidOnDeletedProperty(bids[0]!, false)).toEqual([]);
  });
});

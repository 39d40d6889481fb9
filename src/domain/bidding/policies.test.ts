import { describe, expect, it } from 'vitest';
import {
  REFUND_NO_CHOICE_REASON,
  REFUND_REASON,
  REFUND_UNSEEN_REASON,
  noChoiceRefundDue,
  refundForBidOnDeletedProperty,
  refundLeavesListing,
  refundsForDeletedProperty,
  seenBeforeClose,
} from './policies';

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

describe('the courtesy refunds (docs/decisions/0059)', () => {
  it('leave the bid on its listing; a deletion, or any reason recorded before, takes it off', () => {
    expect([REFUND_UNSEEN_REASON, REFUND_NO_CHOICE_REASON, REFUND_REASON, 'test'].map(refundLeavesListing)).toEqual([false, false, true, true]);
  });

  it('fall due 7 days after the close for a bid seen at or before the close', () => {
    expect(noChoiceRefundDue('2026-12-06T10:00:00.000Z')).toBe('2026-12-13T10:00:00.000Z');
    expect(seenBeforeClose('2026-12-06T10:00:00.000Z', '2026-12-06T10:00:00.000Z')).toBe(true);
    expect(seenBeforeClose('2026-12-06T10:00:00.001Z', '2026-12-06T10:00:00.000Z')).toBe(false);
  });
});

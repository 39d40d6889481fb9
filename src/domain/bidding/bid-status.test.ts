import { describe, expect, it } from 'vitest';
import { bidStateOf } from './bid-status';

const end = '2026-11-30T12:00:00.000Z';
const before = new Date('2026-11-29T12:00:00.000Z');
const after = new Date('2026-12-01T12:00:00.000Z');
const bid = { bidId: 'bid-1', refunded: false };

describe('a bid’s status', () => {
  it('is pending, "Open", while bidding runs', () => {
    expect(bidStateOf(bid, { biddingEndsAt: end, selectedBidId: null }, before)).toEqual({ status: 'pending', statusLabel: 'Open' });
    expect(bidStateOf(bid, { biddingEndsAt: null, selectedBidId: null }, after)).toEqual({ status: 'pending', statusLabel: 'Open' });
  });

  it('is processing, awaiting the owner’s choice, from the close until a bid is chosen', () => {
    expect(bidStateOf(bid, { biddingEndsAt: end, selectedBidId: null }, new Date(end))).toEqual({ status: 'processing', statusLabel: 'Awaiting the owner’s choice' });
    expect(bidStateOf(bid, { biddingEndsAt: end, selectedBidId: null }, after)).toEqual({ status: 'processing', statusLabel: 'Awaiting the owner’s choice' });
  });

  it('ends completed, "Selected", for the chosen bid and failed, "Not selected", for every other', () => {
    expect(bidStateOf(bid, { biddingEndsAt: end, selectedBidId: 'bid-1' }, after)).toEqual({ status: 'completed', statusLabel: 'Selected' });
    expect(bidStateOf(bid, { biddingEndsAt: end, selectedBidId: 'bid-2' }, after)).toEqual({ status: 'failed', statusLabel: 'Not selected' });
  });

  it('ends failed, "Refunded", once its credit came back, whatever the clock says', () => {
    expect(bidStateOf({ ...bid, refunded: true }, { biddingEndsAt: end, selectedBidId: null }, before)).toEqual({ status: 'failed', statusLabel: 'Refunded' });
  });
});

import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { BiddingClosed, CloseBidding } from './close';
import { biddingClose } from './close';

const closes = '2026-11-23T10:00:00.000Z';
const moved = '2026-11-25T10:00:00.000Z';
const after = '2026-11-23T10:00:05.000Z';

const close = (over: Partial<CloseBidding> = {}): CloseBidding => ({
  type: 'CloseBidding',
  propertyId: 'p1',
  ownerId: 'owner-1',
  title: 'Harbour flat',
  bidCount: 3,
  biddingEndsAt: closes,
  listing: 'listed',
  at: after,
  ...over,
});
const closed = (over: Partial<BiddingClosed['data']> = {}): BiddingClosed => ({
  type: 'BiddingClosed',
  data: { propertyId: 'p1', ownerId: 'owner-1', title: 'Harbour flat', bidCount: 3, at: closes, ...over },
});

describe('CloseBidding', () => {
  it('closes a listed listing once its close has come, at the close time, with the bid count', () => {
    given(biddingClose).when(close()).then([closed()]);
    given(biddingClose).when(close({ at: closes, bidCount: 0 })).then([closed({ bidCount: 0 })]);
  });

  it('closes once: a second close decides nothing', () => {
    given(biddingClose, [closed()]).when(close({ at: moved })).then([]);
  });

  it('closes nothing for a deleted listing, or one the log does not hold', () => {
    given(biddingClose).when(close({ listing: 'deleted' })).then([]);
    given(biddingClose).when(close({ listing: 'none' })).then([]);
  });

  it('closes nothing before a close moved later, and closes at the moved time once it comes', () => {
    given(biddingClose).when(close({ biddingEndsAt: moved })).then([]);
    given(biddingClose).when(close({ biddingEndsAt: moved, at: moved })).then([closed({ at: moved })]);
  });
});

import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { BidDigestSent, SendBidDigest } from './bid-digest';
import { bidDigest, dueDigestDay } from './bid-digest';

const send = (day: string, bidIds: string[], upTo = `${day}T07:00:00.000Z`): SendBidDigest => ({ type: 'SendBidDigest', ownerId: 'o1', day, bidIds, upTo, at: `${day}T08:00:00.000Z` });
const sent = (day: string, bidIds: string[], upTo = `${day}T07:00:00.000Z`): BidDigestSent => ({ type: 'BidDigestSent', data: { ownerId: 'o1', day, bidIds, upTo, at: `${day}T08:00:00.000Z` } });

describe('SendBidDigest', () => {
  it('sends the first digest, and one a day after it', () => {
    given(bidDigest).when(send('2026-11-23', ['b1', 'b2'])).then([sent('2026-11-23', ['b1', 'b2'])]);
    given(bidDigest, [sent('2026-11-23', ['b1'])]).when(send('2026-11-24', ['b2'])).then([sent('2026-11-24', ['b2'])]);
  });

  it('decides nothing for a day already sent, whatever bids the late node found', () => {
    given(bidDigest, [sent('2026-11-23', ['b1'])]).when(send('2026-11-23', ['b1', 'b2'])).then([]);
  });

  it('decides nothing without bids', () => {
    given(bidDigest).when(send('2026-11-23', [])).then([]);
  });
});

describe('dueDigestDay', () => {
  it("is the UTC day once its digest hour has come, and nothing before", () => {
    expect(dueDigestDay(new Date('2026-11-23T07:59:59.999Z'))).toBeNull();
    expect(dueDigestDay(new Date('2026-11-23T08:00:00.000Z'))).toBe('2026-11-23');
    expect(dueDigestDay(new Date('2026-11-23T23:59:00.000Z'))).toBe('2026-11-23');
  });
});

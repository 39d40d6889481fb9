import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { BidMailsSent, RecordBidMailsSent } from './bid-mails';
import { bidMails } from './bid-mails';

const AT = '2026-11-27T10:00:00.000Z';
const record = (bidIds: string[]): RecordBidMailsSent => ({ type: 'RecordBidMailsSent', bidIds, at: AT });
const recorded = (bidIds: string[]): BidMailsSent => ({ type: 'BidMailsSent', data: { bidIds, at: AT } });

describe('RecordBidMailsSent', () => {
  it('records the batch of bids whose mails went out', () => {
    given(bidMails).when(record(['b1', 'b2'])).then([recorded(['b1', 'b2'])]);
  });

  it('decides nothing for a batch already recorded, or an empty one', () => {
    given(bidMails, [recorded(['b1'])]).when(record(['b1'])).then([]);
    given(bidMails).when(record([])).then([]);
  });
});

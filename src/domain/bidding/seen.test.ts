import { describe, expect, it } from 'vitest';
import { handleCommand } from '../shared/command-handler';
import { given } from '../shared/given-when-then';
import { createSqliteEventStore } from '../../event-store/sqlite';
import type { BidSeen, MarkBidsSeen } from './seen';
import { bidSeenStreamId, seenReceipts } from './seen';

const at = '2026-11-23T10:00:00.000Z';
const later = '2026-11-24T10:00:00.000Z';

const mark = (bids: MarkBidsSeen['bids'], when = at): MarkBidsSeen => ({ type: 'MarkBidsSeen', propertyId: 'p1', ownerId: 'owner-1', bids, at: when });
const seen = (bidId: string, realtorId: string, when = at): BidSeen => ({ type: 'BidSeen', data: { propertyId: 'p1', bidId, realtorId, ownerId: 'owner-1', at: when } });

describe('MarkBidsSeen', () => {
  it('marks each bid the owner was shown, one event per bid', () => {
    given(seenReceipts)
      .when(mark([{ bidId: 'b1', realtorId: 'r1' }, { bidId: 'b2', realtorId: 'r2' }]))
      .then([seen('b1', 'r1'), seen('b2', 'r2')]);
  });

  it('marks only the bids not seen before, and nothing when every one was', () => {
    given(seenReceipts, [seen('b1', 'r1')])
      .when(mark([{ bidId: 'b1', realtorId: 'r1' }, { bidId: 'b2', realtorId: 'r2' }], later))
      .then([seen('b2', 'r2', later)]);
    given(seenReceipts, [seen('b1', 'r1'), seen('b2', 'r2')]).when(mark([{ bidId: 'b1', realtorId: 'r1' }, { bidId: 'b2', realtorId: 'r2' }], later)).then([]);
  });

  it('marks a bid named twice in one load once', () => {
    given(seenReceipts).when(mark([{ bidId: 'b1', realtorId: 'r1' }, { bidId: 'b1', realtorId: 'r1' }])).then([seen('b1', 'r1')]);
  });

  it('writes the marks once when two loads race', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const bids = [{ bidId: 'b1', realtorId: 'r1' }, { bidId: 'b2', realtorId: 'r2' }];
    await Promise.all([
      handleCommand(store, bidSeenStreamId('p1'), seenReceipts, mark(bids), { backoff: () => Promise.resolve() }),
      handleCommand(store, bidSeenStreamId('p1'), seenReceipts, mark(bids, later), { backoff: () => Promise.resolve() }),
    ]);
    const events = await store.readStream(bidSeenStreamId('p1'));
    expect(events.map((e) => (e.data as BidSeen['data']).bidId)).toEqual(['b1', 'b2']);
    await store.close();
  });
});

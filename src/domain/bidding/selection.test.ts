import { describe, expect, it } from 'vitest';
import { handleCommand } from '../shared/command-handler';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { createSqliteEventStore } from '../../event-store/sqlite';
import type { BidSelected, SelectBid } from './selection';
import { ALREADY_SELECTED, BIDDING_STILL_OPEN, ONLY_OWNER_SELECTS, selection, selectionStreamId } from './selection';

const closes = '2026-12-06T10:00:00.000Z';
const before = '2026-12-06T09:59:59.999Z';
const after = '2026-12-06T10:00:01.000Z';

const select = (overrides: Partial<SelectBid> = {}): SelectBid => ({
  type: 'SelectBid',
  propertyId: 'p1',
  bidId: 'bid-1',
  actorId: 'owner-1',
  property: { exists: true, ownerId: 'owner-1', biddingEndsAt: closes },
  bid: { stands: true, realtorId: 'realtor-1' },
  at: after,
  ...overrides,
});
const selected: BidSelected = { type: 'BidSelected', data: { propertyId: 'p1', bidId: 'bid-1', realtorId: 'realtor-1', ownerId: 'owner-1', at: after } };

describe('SelectBid', () => {
  it('selects a standing bid once bidding has closed, at the very end too', () => {
    given(selection).when(select()).then([selected]);
    given(selection).when(select({ at: closes })).then([{ ...selected, data: { ...selected.data, at: closes } }]);
  });

  it('refuses while bidding is still open', () => {
    given(selection).when(select({ at: before })).thenThrows(ValidationError, BIDDING_STILL_OPEN);
  });

  it('refuses anyone but the owner, and a missing property', () => {
    given(selection).when(select({ actorId: 'someone' })).thenThrows(ForbiddenError, ONLY_OWNER_SELECTS);
    given(selection).when(select({ property: { exists: false, ownerId: null, biddingEndsAt: null } })).thenThrows(NotFoundError, 'Property not found');
  });

  it('refuses a second selection, even of the same bid', () => {
    given(selection, [selected]).when(select({ bidId: 'bid-2' })).thenThrows(ConflictError, ALREADY_SELECTED);
    given(selection, [selected]).when(select()).thenThrows(ConflictError, ALREADY_SELECTED);
  });

  it('refuses a bid that does not stand on this property', () => {
    given(selection).when(select({ bid: { stands: false, realtorId: 'realtor-1' } })).thenThrows(NotFoundError, 'Bid not found');
  });

  it('lets exactly one of two racing selections stand', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const outcomes = await Promise.allSettled([
      handleCommand(store, selectionStreamId('p1'), selection, select(), { backoff: () => Promise.resolve() }),
      handleCommand(store, selectionStreamId('p1'), selection, select({ bidId: 'bid-2', bid: { stands: true, realtorId: 'realtor-2' } }), { backoff: () => Promise.resolve() }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(ConflictError);
    expect(await store.readStream(selectionStreamId('p1'))).toHaveLength(1);
    await store.close();
  });
});

import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { achievementProgress } from './achievements';
import { BIDDING_CLOSED, BID_NOT_FOUND, DUPLICATE_BID, NOT_ENOUGH_CREDITS, ONLY_REALTORS_BID, PROPERTY_INACTIVE, PROPERTY_NOT_FOUND, REWARD_ALREADY_GRANTED } from './bids';
import { amountTooLow } from '../../contract/bidding/bidding';
import { account } from './decide';
import type { AccountEvent } from './events';
import { ledgerEntryOf } from './ledger';
import { ONLY_VERIFIED_REALTORS_BID } from '../../contract/realtor-profiles/realtor-profiles';
import { at, closes, afterClose, registered, credited, open, place, placed, firstBidReward, veteran } from './bids.fixtures';

describe('PlaceBid', () => {
  it('spends 1 credit, trims the message, and rewards the first bid in the same append', () => {
    given(account, [registered(), credited(1)])
      .when(place())
      .then([placed('bid-1', 'p1', 0, 'I sell fast.'), firstBidReward(1)]);
  });

  it('stores an empty message when none or only spaces were sent', () => {
    given(account, veteran(2)).when(place({ message: '   ' })).then([placed('bid-1', 'p1', 1)]);
    given(account, veteran(2)).when(place({ message: undefined })).then([placed('bid-1', 'p1', 1)]);
  });

  it('accepts exactly the minimum, and the property minimum when it is higher', () => {
    given(account, veteran(2)).when(place({ amount: 100, message: '' })).then([{ type: 'BidPlaced', data: { bidId: 'bid-1', propertyId: 'p1', amount: 100, message: '', at, balanceAfter: 1 } }]);
    given(account, veteran(2))
      .when(place({ amount: 250, property: { ...open, minBidAmount: 250 } }))
      .then([{ type: 'BidPlaced', data: { bidId: 'bid-1', propertyId: 'p1', amount: 250, message: 'I sell fast.', at, balanceAfter: 1 } }]);
  });

  it('refuses an amount below the minimum with the minimum in the message', () => {
    given(account, veteran(2)).when(place({ amount: 99.99 })).thenThrows(ValidationError, amountTooLow(100));
    given(account, veteran(2)).when(place({ amount: 249, property: { ...open, minBidAmount: 250 } })).thenThrows(ValidationError, 'Bid amount must be at least 250');
    given(account, veteran(2)).when(place({ amount: Number.NaN })).thenThrows(ValidationError, amountTooLow(100));
    // A property asking less than the spec's floor still gets 100.
    given(account, veteran(2)).when(place({ amount: 60, property: { ...open, minBidAmount: 50 } })).thenThrows(ValidationError, amountTooLow(100));
  });

  it('refuses a realtor whose licence is not approved, before the listing and the credit checks', () => {
    given(account, [registered(), credited(5)]).when(place({ realtorApproved: false })).thenThrows(ForbiddenError, ONLY_VERIFIED_REALTORS_BID);
    // Not approved and out of credits: the verification is what they are told first.
    given(account, [registered()]).when(place({ realtorApproved: false })).thenThrows(ForbiddenError, ONLY_VERIFIED_REALTORS_BID);
    given(account, [registered(), credited(5)]).when(place({ realtorApproved: false, property: { ...open, exists: false } })).thenThrows(ForbiddenError, ONLY_VERIFIED_REALTORS_BID);
  });

  it('refuses without a credit', () => {
    given(account, [registered()]).when(place()).thenThrows(ValidationError, NOT_ENOUGH_CREDITS);
    given(account, veteran(0)).when(place()).thenThrows(ValidationError, NOT_ENOUGH_CREDITS);
  });

  it('refuses a homeowner and an unregistered account', () => {
    given(account, [registered('homeowner'), credited(5)]).when(place()).thenThrows(ForbiddenError, ONLY_REALTORS_BID);
    given(account).when(place()).thenThrows(NotFoundError, 'User not found');
  });

  it('refuses a missing or deleted property, an inactive one, and one whose bidding closed', () => {
    given(account, veteran(2)).when(place({ property: { ...open, exists: false } })).thenThrows(NotFoundError, PROPERTY_NOT_FOUND);
    given(account, veteran(2)).when(place({ property: { ...open, isActive: false } })).thenThrows(ValidationError, PROPERTY_INACTIVE);
    given(account, veteran(2)).when(place({ at: closes })).thenThrows(ValidationError, BIDDING_CLOSED);
    given(account, veteran(2)).when(place({ at: afterClose })).thenThrows(ValidationError, BIDDING_CLOSED);
    given(account, veteran(2)).when(place({ property: { ...open, biddingEndsAt: null } })).thenThrows(ValidationError, BIDDING_CLOSED);
  });

  it('refuses a second bid on the same property, even after a refund', () => {
    given(account, veteran(2)).when(place({ bidId: 'bid-2', propertyId: 'p0' })).thenThrows(ConflictError, DUPLICATE_BID);
    const refunded: AccountEvent = { type: 'BidRefunded', data: { bidId: 'bid-0', propertyId: 'p0', reason: 'Property deleted', at, balanceAfter: 3 } };
    given(account, [...veteran(2), refunded]).when(place({ bidId: 'bid-2', propertyId: 'p0' })).thenThrows(ConflictError, DUPLICATE_BID);
  });

  it('grants Bid Streak on the fifth property, and High Roller on the fiftieth bid, each once', () => {
    const four = [registered(), credited(100), placed('b1', 'p1', 99), firstBidReward(100), placed('b2', 'p2', 99), placed('b3', 'p3', 98), placed('b4', 'p4', 97)];
    given(account, four)
      .when(place({ bidId: 'b5', propertyId: 'p5', message: '' }))
      .then([
        placed('b5', 'p5', 96),
        { type: 'RewardGranted', data: { achievement: 'bid-streak', credits: 3, reason: 'Achievement completed: Bid Streak', at, balanceAfter: 99 } },
      ]);
    const history: AccountEvent[] = [registered(), credited(100)];
    for (let i = 1; i <= 49; i++) history.push(placed(`b${i}`, `p${i}`, 0));
    history.push(firstBidReward(0), { type: 'RewardGranted', data: { achievement: 'bid-streak', credits: 3, reason: 'x', at, balanceAfter: 3 } }, credited(10, 3));
    given(account, history)
      .when(place({ bidId: 'b50', propertyId: 'p50', message: '' }))
      .then([
        placed('b50', 'p50', 9),
        { type: 'RewardGranted', data: { achievement: 'high-roller', credits: 5, reason: 'Achievement completed: High Roller', at, balanceAfter: 14 } },
      ]);
    const highRoller: AccountEvent = { type: 'RewardGranted', data: { achievement: 'high-roller', credits: 5, reason: 'x', at, balanceAfter: 14 } };
    given(account, [...history, placed('b50', 'p50', 9), highRoller]).when(place({ bidId: 'b51', propertyId: 'p51', message: '' })).then([placed('b51', 'p51', 13)]);
  });
});

describe('EditBidMessage', () => {
  const edit = (message: string, when = at) => ({ type: 'EditBidMessage' as const, bidId: 'bid-0', message, property: open, at: when });

  it('changes only the message, trimmed', () => {
    given(account, veteran(1))
      .when(edit('  New pitch '))
      .then([{ type: 'BidMessageEdited', data: { bidId: 'bid-0', propertyId: 'p0', message: 'New pitch', at } }]);
  });

  it('records nothing when the message is the same', () => {
    given(account, veteran(1)).when(edit('  ')).then([]);
  });

  it("refuses a bid that is not this realtor's, or was refunded", () => {
    given(account, veteran(1)).when({ ...edit('x'), bidId: 'someone-elses' }).thenThrows(NotFoundError, BID_NOT_FOUND);
    const refunded: AccountEvent = { type: 'BidRefunded', data: { bidId: 'bid-0', propertyId: 'p0', reason: 'Property deleted', at, balanceAfter: 2 } };
    given(account, [...veteran(1), refunded]).when(edit('x')).thenThrows(NotFoundError, BID_NOT_FOUND);
  });

  it('refuses once bidding has closed or the property is inactive or gone', () => {
    given(account, veteran(1)).when(edit('x', afterClose)).thenThrows(ValidationError, BIDDING_CLOSED);
    given(account, veteran(1)).when({ ...edit('x'), property: { ...open, isActive: false } }).thenThrows(ValidationError, PROPERTY_INACTIVE);
    given(account, veteran(1)).when({ ...edit('x'), property: { ...open, exists: false } }).thenThrows(NotFoundError, PROPERTY_NOT_FOUND);
  });
});

describe('RefundBid', () => {
  const refund = { type: 'RefundBid' as const, bidId: 'bid-0', reason: 'Property deleted', at };

  it('gives the credit back with its reason', () => {
    // A second standing bid keeps First Bid complete, so nothing is withdrawn.
    given(account, [...veteran(1), placed('bid-1', 'p1', 0)])
      .when(refund)
      .then([{ type: 'BidRefunded', data: { bidId: 'bid-0', propertyId: 'p0', reason: 'Property deleted', at, balanceAfter: 1 } }]);
  });

  it('decides nothing for a bid already refunded, so a retried reaction is harmless', () => {
    const refunded: AccountEvent = { type: 'BidRefunded', data: { bidId: 'bid-0', propertyId: 'p0', reason: 'Property deleted', at, balanceAfter: 1 } };
    given(account, [...veteran(0), refunded]).when(refund).then([]);
  });

  // The reasons bidding gives (src/domain/bidding/policies.ts); the account refunds a bid once whichever it is.
  const [REFUND_REASON, REFUND_UNSEEN_REASON, REFUND_NO_CHOICE_REASON] = ['Property deleted', 'never opened', 'no realtor chosen'];

  it('refunds a bid once whatever the reason: a courtesy refund after a deletion refund decides nothing, and the other way round', () => {
    const deleted: AccountEvent = { type: 'BidRefunded', data: { bidId: 'bid-0', propertyId: 'p0', reason: REFUND_REASON, at, balanceAfter: 1 } };
    const unseen: AccountEvent = { type: 'BidRefunded', data: { bidId: 'bid-0', propertyId: 'p0', reason: REFUND_UNSEEN_REASON, at, balanceAfter: 1 } };
    given(account, [...veteran(0), deleted]).when({ ...refund, reason: REFUND_UNSEEN_REASON }).then([]);
    given(account, [...veteran(0), unseen]).when({ ...refund, reason: REFUND_NO_CHOICE_REASON }).then([]);
    given(account, [...veteran(0), unseen]).when(refund).then([]);
  });

  it('refuses an unknown bid', () => {
    given(account, veteran(0)).when({ ...refund, bidId: 'nope' }).thenThrows(NotFoundError, BID_NOT_FOUND);
  });
});

describe('GrantReward', () => {
  it('grants a completed achievement once', () => {
    const unrewarded = [registered(), credited(1), placed('bid-0', 'p0', 0)];
    given(account, unrewarded).when({ type: 'GrantReward', achievement: 'first-bid', credits: 1, at }).then([firstBidReward(1)]);
    given(account, veteran(1)).when({ type: 'GrantReward', achievement: 'first-bid', credits: 1, at }).thenThrows(ConflictError, REWARD_ALREADY_GRANTED);
  });

  it('refuses an unknown or uncompleted achievement, and a reward of the wrong size', () => {
    given(account, veteran(1)).when({ type: 'GrantReward', achievement: 'nope', credits: 1, at }).thenThrows(ValidationError, 'Unknown achievement');
    given(account, veteran(1)).when({ type: 'GrantReward', achievement: 'bid-streak', credits: 3, at }).thenThrows(ValidationError, 'Bid Streak is not completed yet');
    given(account, [registered(), placed('bid-0', 'p0', 0)]).when({ type: 'GrantReward', achievement: 'first-bid', credits: 9, at }).thenThrows(ValidationError);
  });
});

describe('the ledger and the dashboard', () => {
  it('gives every balance change an entry with a reason, and the state the same balance', () => {
    const events: AccountEvent[] = [
      ...veteran(2),
      { type: 'BidRefunded', data: { bidId: 'bid-0', propertyId: 'p0', reason: 'Property deleted', at, balanceAfter: 3 } },
    ];
    const entries = events.map(ledgerEntryOf).filter((entry) => entry !== null);
    expect(entries.map((e) => [e.kind, e.delta, e.balanceAfter])).toEqual([
      ['admin', 1, 1],
      ['bid', -1, 0],
      ['reward', 1, 1],
      ['admin', 1, 2],
      ['refund', 1, 3],
    ]);
    expect(entries.every((e) => e.reason.length > 0)).toBe(true);
    const state = foldEvents(account, events);
    expect(state.status === 'registered' && state.credits).toBe(3);
  });

  it('shows progress capped at the goal', () => {
    expect(achievementProgress({ bids: 7, properties: 7 }).map((a) => [a.title, a.progress, a.maxProgress, a.reward, a.completed])).toEqual([
      ['First Bid', 1, 1, 1, true],
      ['Bid Streak', 5, 5, 3, true],
      ['High Roller', 7, 50, 5, false],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { achievementProgress } from './achievements';
import { BIDDING_CLOSED, BID_NOT_FOUND, DUPLICATE_BID, NOT_ENOUGH_CREDITS, ONLY_REALTORS_BID, PROPERTY_INACTIVE, PROPERTY_NOT_FOUND, REWARD_ALREADY_GRANTED } from './bids';
import { amountTooLow } from '../../contract/bidding';
import type { PlaceBid, PropertySnapshot, UserId } from './commands';
import { account } from './decide';
import type { AccountEvent } from './events';
import { ledgerEntryOf } from './ledger';
import { ONLY_VERIFIED_REALTORS_BID } from '../../contract/realtor-profiles';

// The clock is the command's `at`: bidding on the property closes at `closes`.
const at = '2026-11-22T10:00:00.000Z';
const closes = '2026-12-06T10:00:00.000Z';
const afterClose = '2026-12-06T10:00:00.001Z';
const userId = 'b7a3c1d2-0000-4000-8000-000000000002' as UserId;

const registered = (role: 'realtor' | 'homeowner' = 'realtor'): AccountEvent => ({
  type: 'UserRegistered',
  data: { userId, username: 'rita', email: 'rita@example.com', name: 'Rita Realtor', phone: '+14165550100', role, at },
});
const credited = (credits: number, previousCredits = 0): AccountEvent => ({
  type: 'CreditsSetByAdmin',
  data: { credits, previousCredits, adminId: 'admin-1', reason: 'Set by administrator', at },
});
const open: PropertySnapshot = { exists: true, ownerId: 'owner-1', isActive: true, biddingEndsAt: closes, minBidAmount: 100 };

const place = (overrides: Partial<PlaceBid> = {}): PlaceBid => ({
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
const placed = (bidId: string, propertyId: string, balanceAfter: number, message = ''): AccountEvent => ({
  type: 'BidPlaced',
  data: { bidId, propertyId, amount: 150, message, at, balanceAfter },
});
const firstBidReward = (balanceAfter: number): AccountEvent => ({
  type: 'RewardGranted',
  data: { achievement: 'first-bid', credits: 1, reason: 'Achievement completed: First Bid', at, balanceAfter },
});
/** A realtor who already placed a first bid and was rewarded, now holding `credits`. */
const veteran = (credits: number): AccountEvent[] => [registered(), credited(1), placed('bid-0', 'p0', 0), firstBidReward(1), credited(credits, 1)];

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

describe('rewards count only standing bids', () => {
  const refundOf = (bidId: string, when = at) => ({ type: 'RefundBid' as const, bidId, reason: 'Property deleted', at: when });
  const refundedEvent = (bidId: string, propertyId: string, balanceAfter: number): AccountEvent => ({
    type: 'BidRefunded',
    data: { bidId, propertyId, reason: 'Property deleted', at, balanceAfter },
  });
  const withdrawn = (achievement: string, bidId: string, credits: number, owed: number, balanceAfter: number, reason: string): AccountEvent => ({
    type: 'RewardWithdrawn',
    data: { achievement, bidId, credits, owed, reason, at, balanceAfter },
  });
  const streakReward = (balanceAfter: number, credits = 3): AccountEvent => ({
    type: 'RewardGranted',
    data: { achievement: 'bid-streak', credits, reason: 'Achievement completed: Bid Streak', at, balanceAfter },
  });
  /** Five standing bids on p1..p5 from 5 credits, both rewards granted, then an administrator sets the balance to `credits`. */
  const streaker = (credits: number): AccountEvent[] => [
    registered(),
    credited(5),
    placed('b1', 'p1', 4),
    firstBidReward(5),
    placed('b2', 'p2', 4),
    placed('b3', 'p3', 3),
    placed('b4', 'p4', 2),
    placed('b5', 'p5', 1),
    streakReward(4),
    credited(credits, 4),
  ];
  const state = (events: readonly AccountEvent[]) => {
    const folded = foldEvents(account, events);
    if (folded.status !== 'registered') throw new Error('not registered');
    return folded;
  };

  it("withdraws First Bid in the refund's own decision when its only bid is refunded", () => {
    given(account, [registered(), credited(1), placed('bid-0', 'p0', 0), firstBidReward(1)])
      .when(refundOf('bid-0'))
      .then([refundedEvent('bid-0', 'p0', 2), withdrawn('first-bid', 'bid-0', 1, 0, 1, 'First Bid reward withdrawn: its bid was refunded')]);
  });

  it('withdraws Bid Streak when a refund leaves fewer than five standing bids, and keeps First Bid', () => {
    given(account, streaker(4))
      .when(refundOf('b3'))
      .then([refundedEvent('b3', 'p3', 5), withdrawn('bid-streak', 'b3', 3, 0, 2, 'Bid Streak reward withdrawn: a refund leaves 4 of the 5 standing bids it needs')]);
  });

  it('takes back at most the balance, says so, and takes the rest from later refunds', () => {
    const short = [...streaker(0), refundedEvent('b1', 'p1', 1)];
    given(account, streaker(0))
      .when(refundOf('b1'))
      .then([
        refundedEvent('b1', 'p1', 1),
        withdrawn('bid-streak', 'b1', 1, 2, 0, 'Bid Streak reward withdrawn: a refund leaves 4 of the 5 standing bids it needs; the balance covered 1 credit: later refunds take the other 2 credits'),
      ]);
    const afterFirst = [...short, withdrawn('bid-streak', 'b1', 1, 2, 0, 'x')];
    expect(state(afterFirst)).toMatchObject({ credits: 0, achievements: ['first-bid'], rewardsOwed: { 'bid-streak': 2 } });
    given(account, afterFirst)
      .when(refundOf('b2'))
      .then([refundedEvent('b2', 'p2', 1), withdrawn('bid-streak', 'b2', 1, 1, 0, 'Bid Streak reward withdrawn: 1 more credit taken back from a refund; 1 credit still owed')]);
    const afterSecond = [...afterFirst, refundedEvent('b2', 'p2', 1), withdrawn('bid-streak', 'b2', 1, 1, 0, 'x')];
    given(account, afterSecond)
      .when(refundOf('b4'))
      .then([refundedEvent('b4', 'p4', 1), withdrawn('bid-streak', 'b4', 1, 0, 0, 'Bid Streak reward withdrawn: 1 more credit taken back from a refund')]);
    const settled = [...afterSecond, refundedEvent('b4', 'p4', 1), withdrawn('bid-streak', 'b4', 1, 0, 0, 'x')];
    expect(state(settled)).toMatchObject({ credits: 0, rewardsOwed: {} });
    // Nothing owed any more: the next refund only refunds, until First Bid loses its last bid.
    given(account, settled).when(refundOf('b5')).then([refundedEvent('b5', 'p5', 1)]);
  });

  it('pays a withdrawn achievement again when new standing bids complete it', () => {
    const history = [registered(), credited(1), placed('bid-0', 'p0', 0), firstBidReward(1), refundedEvent('bid-0', 'p0', 2), withdrawn('first-bid', 'bid-0', 1, 0, 1, 'x')];
    expect(state(history)).toMatchObject({ standingBids: 0, achievements: [] });
    given(account, history)
      .when(place({ bidId: 'bid-1', propertyId: 'p1', message: '' }))
      .then([placed('bid-1', 'p1', 0), firstBidReward(1)]);
  });

  it('never pays twice for one standing basis: a re-earned reward pays only what its withdrawal took back', () => {
    const owing = [...streaker(0), refundedEvent('b1', 'p1', 1), withdrawn('bid-streak', 'b1', 1, 2, 0, 'x'), credited(2, 0)];
    // Four standing bids: the fifth completes Bid Streak again, and 2 of its 3 credits were never taken back.
    given(account, owing)
      .when(place({ bidId: 'b6', propertyId: 'p6', message: '' }))
      .then([
        placed('b6', 'p6', 1),
        {
          type: 'RewardGranted',
          data: {
            achievement: 'bid-streak',
            credits: 1,
            reason: 'Achievement completed: Bid Streak; 2 credits of its reward stayed with you when it was withdrawn, so it adds 1 credit',
            at,
            balanceAfter: 2,
          },
        },
      ]);
    const regained = [...owing, placed('b6', 'p6', 1), streakReward(2, 1)];
    expect(state(regained)).toMatchObject({ achievements: ['first-bid', 'bid-streak'], rewardsOwed: {} });
    // Held again: a further bid pays nothing more, and the correction command refuses it.
    given(account, regained).when(place({ bidId: 'b7', propertyId: 'p7', message: '' })).then([placed('b7', 'p7', 1)]);
    given(account, regained).when({ type: 'GrantReward', achievement: 'bid-streak', credits: 3, at }).thenThrows(ConflictError, REWARD_ALREADY_GRANTED);
  });

  it('refuses to grant a withdrawn achievement by correction while its bids do not stand', () => {
    const history = [registered(), credited(1), placed('bid-0', 'p0', 0), firstBidReward(1), refundedEvent('bid-0', 'p0', 2), withdrawn('first-bid', 'bid-0', 1, 0, 1, 'x')];
    given(account, history).when({ type: 'GrantReward', achievement: 'first-bid', credits: 1, at }).thenThrows(ValidationError, 'First Bid is not completed yet');
  });

  it('takes back at the next refund a reward whose bid was refunded before rewards were withdrawn', () => {
    // Recorded before this rule: the refund came without a withdrawal, so First Bid is still held on no standing bid.
    const legacy = [registered(), credited(1), placed('bid-0', 'p0', 0), firstBidReward(1), refundedEvent('bid-0', 'p0', 2), placed('bid-1', 'p1', 1)];
    given(account, legacy)
      .when(refundOf('bid-1'))
      .then([refundedEvent('bid-1', 'p1', 2), withdrawn('first-bid', 'bid-1', 1, 0, 1, 'First Bid reward withdrawn: its bid was refunded')]);
  });

  it('puts a withdrawal on the ledger as taken credits, with its reason', () => {
    const entry = ledgerEntryOf(withdrawn('first-bid', 'bid-0', 1, 0, 1, 'First Bid reward withdrawn: its bid was refunded'));
    expect(entry).toEqual({
      kind: 'reward-withdrawn',
      delta: -1,
      balanceAfter: 1,
      reason: 'First Bid reward withdrawn: its bid was refunded',
      at,
      achievement: 'first-bid',
      bidId: 'bid-0',
    });
  });

  it('mints nothing: bid and refund six times and one credit stays one, with no standing bid', () => {
    let events: AccountEvent[] = [registered(), credited(1)];
    const decide = (command: Parameters<typeof account.decide>[0]) => {
      events = [...events, ...account.decide(command, foldEvents(account, events))];
    };
    for (let round = 1; round <= 6; round++) {
      decide(place({ bidId: `b${round}`, propertyId: `p${round}` }));
      decide(refundOf(`b${round}`));
    }
    expect(state(events)).toMatchObject({ credits: 1, standingBids: 0, achievements: [] });
  });

  it('bid, refund and admin changes in any order: the balance never goes below zero, and once every bid is refunded only what was put in is left', () => {
    let events: AccountEvent[] = [registered(), credited(46)];
    const standing: string[] = [];
    const act = (command: Parameters<typeof account.decide>[0]) => {
      events = [...events, ...account.decide(command, state(events))];
      expect(state(events).credits).toBeGreaterThanOrEqual(0);
    };
    const bid = (bidId: string) => {
      act(place({ bidId, propertyId: `p-${bidId}`, message: '' }));
      standing.push(bidId);
    };
    const refundOne = (index: number) => act(refundOf(standing.splice(index, 1)[0]!));
    const setCredits = (credits: number) => act({ type: 'SetCreditsByAdmin', credits, adminId: 'admin-1', reason: 'Set by administrator', at });
    // 50 bids complete all three achievements; an administrator's cut then leaves too little for High Roller's 5.
    for (let i = 0; i < 50; i++) bid(`a${i}`);
    setCredits(0);
    refundOne(0);
    expect(events.at(-1)).toMatchObject({ type: 'RewardWithdrawn', data: { achievement: 'high-roller', credits: 1, owed: 4, balanceAfter: 0 } });
    // Then a fixed pseudo-random walk of bids, refunds, cuts and top-ups.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let step = 0; step < 300; step++) {
      const roll = random();
      if (roll < 0.02) setCredits(Math.min(state(events).credits, 1));
      else if (roll < 0.05) setCredits(state(events).credits + 5);
      else if (state(events).credits >= 1 && (standing.length === 0 || roll < 0.5)) bid(`w${step}`);
      else if (standing.length > 0) refundOne(Math.floor(random() * standing.length));
    }
    while (standing.length > 0) refundOne(standing.length - 1);
    // Every bid spent came back and every reward was withdrawn, so what is left is what administrators put in;
    // a reward still owed is one whose credits an administrator's cut already took (the balance is then 0).
    const putIn = events.map(ledgerEntryOf).reduce((sum, entry) => sum + (entry?.kind === 'admin' ? entry.delta : 0), 0);
    const final = state(events);
    const owed = Object.values(final.rewardsOwed).reduce((sum, credits) => sum + credits, 0);
    expect(final).toMatchObject({ standingBids: 0, achievements: [] });
    expect(final.credits).toBe(Math.max(0, putIn));
    expect(final.credits).toBe(putIn + owed);
  });
});

import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import { ConflictError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { REWARD_ALREADY_GRANTED } from './bids';
import { account } from './decide';
import type { AccountEvent } from './events';
import { ledgerEntryOf } from './ledger';
import { at, registered, credited, place, placed, firstBidReward } from './bids.fixtures';

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

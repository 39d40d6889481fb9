import { MIN_BID_AMOUNT, amountTooLow } from '../../contract/bidding/bidding';
import { ONLY_VERIFIED_REALTORS_BID } from '../../contract/realtor-profiles/realtor-profiles';
import { assertNever } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import type { AccountBid, RegisteredAccount } from './account';
import type { AchievementRule, BidCounts } from './achievements';
import { ACHIEVEMENTS, findAchievement, isComplete, unrewardedAchievements } from './achievements';
import type { BidCommand, PropertySnapshot } from './commands';
import type { AccountEvent, BidMessageEdited, BidPlaced, BidRefunded, RewardGranted, RewardWithdrawn } from './events';

export const BID_COST = 1;

export const NOT_ENOUGH_CREDITS = 'You need at least 1 credit to place a bid';
export const ONLY_REALTORS_BID = 'Only realtors can place bids';
export const PROPERTY_NOT_FOUND = 'Property not found';
export const PROPERTY_INACTIVE = 'This property is not accepting bids';
export const BIDDING_CLOSED = 'Bidding has closed for this property';
export const DUPLICATE_BID = 'You have already placed a bid on this property';
export const BID_NOT_FOUND = 'Bid not found';
export const REWARD_ALREADY_GRANTED = 'Reward already granted';

type LedgerEvent = BidPlaced | BidMessageEdited | BidRefunded | RewardGranted | RewardWithdrawn;

/** Folds the bid and ledger events into the account (composed in decide.ts). */
export function evolveBids(state: RegisteredAccount, event: LedgerEvent): RegisteredAccount {
  switch (event.type) {
    case 'BidPlaced': {
      const { bidId, propertyId, amount, message, at, balanceAfter } = event.data;
      const bid: AccountBid = { status: 'active', propertyId, amount, message, placedAt: at };
      return {
        ...state,
        credits: balanceAfter,
        bids: state.bids.set(bidId, bid),
        bidOnProperty: state.bidOnProperty.set(propertyId, bidId),
        standingBids: state.standingBids + 1,
      };
    }
    case 'BidMessageEdited': {
      const bid = state.bids.get(event.data.bidId);
      if (!bid) return state;
      return { ...state, bids: state.bids.set(event.data.bidId, { ...bid, message: event.data.message }) };
    }
    case 'BidRefunded': {
      const bid = state.bids.get(event.data.bidId);
      if (!bid || bid.status === 'refunded') return { ...state, credits: event.data.balanceAfter };
      const refunded: AccountBid = { ...bid, status: 'refunded', refundedAt: event.data.at };
      return { ...state, credits: event.data.balanceAfter, bids: state.bids.set(event.data.bidId, refunded), standingBids: state.standingBids - 1 };
    }
    case 'RewardGranted': {
      const { achievement } = event.data;
      const achievements = state.achievements.includes(achievement) ? state.achievements : [...state.achievements, achievement];
      return { ...state, credits: event.data.balanceAfter, achievements, rewardsOwed: withOwed(state.rewardsOwed, achievement, 0) };
    }
    case 'RewardWithdrawn': {
      const { achievement, owed } = event.data;
      const achievements = state.achievements.filter((id) => id !== achievement);
      return { ...state, credits: event.data.balanceAfter, achievements, rewardsOwed: withOwed(state.rewardsOwed, achievement, owed) };
    }
    default:
      return assertNever(event);
  }
}

function withOwed(owed: Readonly<Record<string, number>>, achievement: string, credits: number): Readonly<Record<string, number>> {
  const { [achievement]: _dropped, ...rest } = owed;
  return credits > 0 ? { ...rest, [achievement]: credits } : rest;
}

/** Counts for achievements, of standing bids only: one bid per property, so each bid is on a different property. */
export function bidCounts(state: RegisteredAccount): BidCounts {
  return { bids: state.standingBids, properties: state.standingBids };
}

export function decideBid(command: BidCommand, state: RegisteredAccount): AccountEvent[] {
  switch (command.type) {
    case 'PlaceBid':
      return placeBid(command, state);
    case 'EditBidMessage': {
      const bid = state.bids.get(command.bidId);
      if (!bid || bid.status !== 'active') throw new NotFoundError(BID_NOT_FOUND);
      requireOpen(command.property, command.at);
      const message = command.message.trim();
      if (message === bid.message) return [];
      return [{ type: 'BidMessageEdited', data: { bidId: command.bidId, propertyId: bid.propertyId, message, at: command.at } }];
    }
    case 'RefundBid': {
      const bid = state.bids.get(command.bidId);
      if (!bid) throw new NotFoundError(BID_NOT_FOUND);
      // A retried refund finds it done: nothing to append, nothing to mail.
      if (bid.status === 'refunded') return [];
      const { bidId, reason, at } = command;
      const refunded: BidRefunded = { type: 'BidRefunded', data: { bidId, propertyId: bid.propertyId, reason, at, balanceAfter: state.credits + BID_COST } };
      // In the refund's own append, so a refund never lands without its withdrawals.
      return [refunded, ...withdrawals(state, bidId, state.standingBids - 1, refunded.data.balanceAfter, at)];
    }
    case 'GrantReward': {
      const rule = findAchievement(command.achievement);
      if (!rule) throw new ValidationError('Unknown achievement');
      if (command.credits !== rule.reward) throw new ValidationError(`The reward of ${rule.title} is ${rule.reward} credits`);
      if (state.achievements.includes(rule.id)) throw new ConflictError(REWARD_ALREADY_GRANTED);
      if (!isComplete(rule, bidCounts(state))) throw new ValidationError(`${rule.title} is not completed yet`);
      return [reward(rule, state, state.credits, command.at)];
    }
    default:
      return assertNever(command);
  }
}

function placeBid(command: Extract<BidCommand, { type: 'PlaceBid' }>, state: RegisteredAccount): AccountEvent[] {
  if (state.role !== 'realtor') throw new ForbiddenError(ONLY_REALTORS_BID);
  // The landing page's promise: only pre-vetted realtors bid (docs/decisions/0050). Before the listing and the credits.
  if (!command.realtorApproved) throw new ForbiddenError(ONLY_VERIFIED_REALTORS_BID);
  requireOpen(command.property, command.at);
  if (state.bidOnProperty.has(command.propertyId)) throw new ConflictError(DUPLICATE_BID);
  if (state.bids.has(command.bidId)) throw new ConflictError('Bid already exists');
  const minimum = Math.max(MIN_BID_AMOUNT, command.property.minBidAmount);
  if (!Number.isFinite(command.amount) || command.amount < minimum) {
    throw new ValidationError(amountTooLow(minimum), { amount: amountTooLow(minimum) });
  }
  if (state.credits < BID_COST) throw new ValidationError(NOT_ENOUGH_CREDITS);

  const placed: BidPlaced = {
    type: 'BidPlaced',
    data: {
      bidId: command.bidId,
      propertyId: command.propertyId,
      amount: command.amount,
      message: command.message?.trim() ?? '',
      at: command.at,
      balanceAfter: state.credits - BID_COST,
    },
  };
  // Decided here, in the append of the bid that completes them: granted exactly once.
  const before = bidCounts(state);
  // A property this realtor never bid on (checked above), so both counts grow.
  const after = { bids: before.bids + 1, properties: before.properties + 1 };
  let balance = placed.data.balanceAfter;
  // A withdrawn achievement completes again here, on new standing bids.
  const rewards = unrewardedAchievements(after, state.achievements).map((rule) => {
    const granted = reward(rule, state, balance, command.at);
    balance = granted.data.balanceAfter;
    return granted;
  });
  return [placed, ...rewards];
}

/** The property takes bids: listed, not deleted, active, and its bidding end still ahead. */
function requireOpen(property: PropertySnapshot, at: string): void {
  if (!property.exists) throw new NotFoundError(PROPERTY_NOT_FOUND);
  if (!property.isActive) throw new ValidationError(PROPERTY_INACTIVE);
  if (property.biddingEndsAt === null || Date.parse(property.biddingEndsAt) <= Date.parse(at)) throw new ValidationError(BIDDING_CLOSED);
}

/**
 * The reward of an achievement completed on standing bids. Credits still owed
 * from its withdrawal were never taken back, so they are not paid again: one
 * standing basis, one reward.
 */
function reward(rule: AchievementRule, state: RegisteredAccount, balance: number, at: string): RewardGranted {
  const kept = Math.min(state.rewardsOwed[rule.id] ?? 0, rule.reward);
  const credits = rule.reward - kept;
  const reason =
    kept === 0
      ? `Achievement completed: ${rule.title}`
      : `Achievement completed: ${rule.title}; ${creditCount(kept)} of its reward stayed with you when it was withdrawn, so it adds ${creditCount(credits)}`;
  return { type: 'RewardGranted', data: { achievement: rule.id, credits, reason, at, balanceAfter: balance + credits } };
}

/**
 * What a refund takes back, in table order, after the refund's own credit:
 * the reward of every held achievement the standing bids left no longer
 * complete, and credits still owed by one withdrawn before. Never more than
 * the balance, so it never goes below zero: the rest stays owed, for later
 * refunds to take and for a re-earned reward not to pay twice.
 */
function withdrawals(state: RegisteredAccount, bidId: string, standing: number, balance: number, at: string): RewardWithdrawn[] {
  const counts = { bids: standing, properties: standing };
  const withdrawn: RewardWithdrawn[] = [];
  for (const rule of ACHIEVEMENTS) {
    const held = state.achievements.includes(rule.id);
    if (held && isComplete(rule, counts)) continue;
    const due = held ? rule.reward : (state.rewardsOwed[rule.id] ?? 0);
    const credits = Math.min(due, balance);
    // Nothing lost and nothing taken: no entry.
    if (!held && credits === 0) continue;
    balance -= credits;
    const owed = due - credits;
    const reason = withdrawalReason(rule, held, standing, credits, owed);
    withdrawn.push({ type: 'RewardWithdrawn', data: { achievement: rule.id, bidId, credits, owed, reason, at, balanceAfter: balance } });
  }
  return withdrawn;
}

function withdrawalReason(rule: AchievementRule, lost: boolean, standing: number, taken: number, owed: number): string {
  const why = !lost
    ? `${taken} more ${taken === 1 ? 'credit' : 'credits'} taken back from a refund`
    : rule.maxProgress === 1
      ? 'its bid was refunded'
      : `a refund leaves ${standing} of the ${rule.maxProgress} standing bids it needs`;
  const rest = owed === 0 ? '' : lost ? `; the balance covered ${creditCount(taken)}: later refunds take the other ${creditCount(owed)}` : `; ${creditCount(owed)} still owed`;
  return `${rule.title} reward withdrawn: ${why}${rest}`;
}

const creditCount = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

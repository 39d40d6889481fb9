import { assertNever } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import type { AccountBid, RegisteredAccount } from './account';
import type { AchievementRule, BidCounts } from './achievements';
import { findAchievement, isComplete, unrewardedAchievements } from './achievements';
import type { BidCommand, PropertySnapshot } from './commands';
import type { AccountEvent, BidMessageEdited, BidPlaced, BidRefunded, RewardGranted } from './events';

/** The spec's floor for every bid (SPEC §5, §9); a property may ask for more. */
export const MIN_BID_AMOUNT = 100;
export const BID_COST = 1;

export const NOT_ENOUGH_CREDITS = 'You need at least 1 credit to place a bid';
export const ONLY_REALTORS_BID = 'Only realtors can place bids';
export const PROPERTY_NOT_FOUND = 'Property not found';
export const PROPERTY_INACTIVE = 'This property is not accepting bids';
export const BIDDING_CLOSED = 'Bidding has closed for this property';
export const DUPLICATE_BID = 'You have already placed a bid on this property';
export const BID_NOT_FOUND = 'Bid not found';
export const REWARD_ALREADY_GRANTED = 'Reward already granted';

export const minBidMessage = (minimum: number) => `Bid amount must be at least ${minimum}`;

type LedgerEvent = BidPlaced | BidMessageEdited | BidRefunded | RewardGranted;

/** Folds the bid and ledger events into the account (called from evolveAccount). */
export function evolveBids(state: RegisteredAccount, event: LedgerEvent): RegisteredAccount {
  switch (event.type) {
    case 'BidPlaced': {
      const { bidId, propertyId, amount, message, at, balanceAfter } = event.data;
      const bid: AccountBid = { status: 'active', propertyId, amount, message, placedAt: at };
      return { ...state, credits: balanceAfter, bids: state.bids.set(bidId, bid), bidOnProperty: state.bidOnProperty.set(propertyId, bidId) };
    }
    case 'BidMessageEdited': {
      const bid = state.bids.get(event.data.bidId);
      if (!bid) return state;
      return { ...state, bids: state.bids.set(event.data.bidId, { ...bid, message: event.data.message }) };
    }
    case 'BidRefunded': {
      const bid = state.bids.get(event.data.bidId);
      if (!bid) return { ...state, credits: event.data.balanceAfter };
      const refunded: AccountBid = { ...bid, status: 'refunded', refundedAt: event.data.at };
      return { ...state, credits: event.data.balanceAfter, bids: state.bids.set(event.data.bidId, refunded) };
    }
    case 'RewardGranted':
      return { ...state, credits: event.data.balanceAfter, achievements: [...state.achievements, event.data.achievement] };
    default:
      return assertNever(event);
  }
}

/** Lifetime counts for achievements: one bid per property, so each bid is on a different property. */
export function bidCounts(state: RegisteredAccount): BidCounts {
  return { bids: state.bids.size, properties: state.bidOnProperty.size };
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
      return [{ type: 'BidRefunded', data: { bidId, propertyId: bid.propertyId, reason, at, balanceAfter: state.credits + BID_COST } }];
    }
    case 'GrantReward': {
      const rule = findAchievement(command.achievement);
      if (!rule) throw new ValidationError('Unknown achievement');
      if (command.credits !== rule.reward) throw new ValidationError(`The reward of ${rule.title} is ${rule.reward} credits`);
      if (state.achievements.includes(rule.id)) throw new ConflictError(REWARD_ALREADY_GRANTED);
      if (!isComplete(rule, bidCounts(state))) throw new ValidationError(`${rule.title} is not completed yet`);
      return [reward(rule, state.credits, command.at)];
    }
    default:
      return assertNever(command);
  }
}

function placeBid(command: Extract<BidCommand, { type: 'PlaceBid' }>, state: RegisteredAccount): AccountEvent[] {
  if (state.role !== 'realtor') throw new ForbiddenError(ONLY_REALTORS_BID);
  requireOpen(command.property, command.at);
  if (state.bidOnProperty.has(command.propertyId)) throw new ConflictError(DUPLICATE_BID);
  if (state.bids.has(command.bidId)) throw new ConflictError('Bid already exists');
  const minimum = Math.max(MIN_BID_AMOUNT, command.property.minBidAmount);
  if (!Number.isFinite(command.amount) || command.amount < minimum) {
    throw new ValidationError(minBidMessage(minimum), { amount: minBidMessage(minimum) });
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
  const rewards = unrewardedAchievements(after, state.achievements).map((rule) => {
    const granted = reward(rule, balance, command.at);
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

function reward(rule: AchievementRule, balance: number, at: string): RewardGranted {
  return {
    type: 'RewardGranted',
    data: { achievement: rule.id, credits: rule.reward, reason: `Achievement completed: ${rule.title}`, at, balanceAfter: balance + rule.reward },
  };
}

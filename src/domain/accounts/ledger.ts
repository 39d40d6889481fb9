import type { LedgerKind } from '../../contract/payments/credits';
import type { AccountEvent } from './events';

/** The reason an administrator's change carries when they gave none. */
export const ADMIN_CREDITS_REASON = 'Set by administrator';

/** One entry of the credits ledger, read off an account event. */
export interface LedgerEntry {
  kind: LedgerKind;
  /** Credits added (positive) or spent (negative). */
  delta: number;
  balanceAfter: number;
  /** Always present: a person reading the ledger sees why. */
  reason: string;
  at: string;
  /** What the entry is about, for the statement to name: the listing of a bid or refund, the bid a withdrawal follows, the achievement. */
  propertyId?: string;
  bidId?: string;
  achievement?: string;
  /** What a purchase cost. */
  amountCents?: number;
}

/** The account events that make a ledger entry (`ledgerEntryOf`): what a projection of the ledger handles. */
export const LEDGER_EVENT_TYPES = ['CreditsPurchased', 'BidPlaced', 'BidRefunded', 'RewardGranted', 'RewardWithdrawn', 'CreditsSetByAdmin'] as const satisfies readonly AccountEvent['type'][];

/** The ledger entry an account event makes, or null when it does not touch the balance. */
export function ledgerEntryOf(event: AccountEvent): LedgerEntry | null {
  switch (event.type) {
    case 'CreditsPurchased': {
      const { credits, amountCents, balanceAfter, at } = event.data;
      return { kind: 'purchase', delta: credits, balanceAfter, reason: `Purchased ${credits} credit${credits === 1 ? '' : 's'}`, at, amountCents };
    }
    case 'BidPlaced': {
      const { bidId, propertyId, balanceAfter, at } = event.data;
      return { kind: 'bid', delta: -1, balanceAfter, reason: `Bid on property ${propertyId}`, at, propertyId, bidId };
    }
    case 'BidRefunded': {
      const { bidId, propertyId, balanceAfter, reason, at } = event.data;
      return { kind: 'refund', delta: 1, balanceAfter, reason, at, propertyId, bidId };
    }
    case 'RewardGranted': {
      const { achievement, credits, balanceAfter, reason, at } = event.data;
      return { kind: 'reward', delta: credits, balanceAfter, reason, at, achievement };
    }
    case 'RewardWithdrawn': {
      const { achievement, bidId, credits, balanceAfter, reason, at } = event.data;
      return { kind: 'reward-withdrawn', delta: -credits, balanceAfter, reason, at, achievement, bidId };
    }
    case 'CreditsSetByAdmin':
      return {
        kind: 'admin',
        delta: event.data.credits - event.data.previousCredits,
        balanceAfter: event.data.credits,
        reason: event.data.reason,
        at: event.data.at,
      };
    default:
      return null;
  }
}

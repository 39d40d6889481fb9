import type { AccountEvent } from './events';

/** Why a balance moved. */
export type LedgerKind = 'purchase' | 'bid' | 'refund' | 'admin' | 'reward' | 'reward-withdrawn';

/** One entry of the credits ledger, read off an account event. */
export interface LedgerEntry {
  kind: LedgerKind;
  /** Credits added (positive) or spent (negative). */
  delta: number;
  balanceAfter: number;
  /** Always present: a person reading the ledger sees why. */
  reason: string;
  at: string;
}

/** The ledger entry an account event makes, or null when it does not touch the balance. */
export function ledgerEntryOf(event: AccountEvent): LedgerEntry | null {
  switch (event.type) {
    case 'CreditsPurchased': {
      const { credits, balanceAfter, at } = event.data;
      return { kind: 'purchase', delta: credits, balanceAfter, reason: `Purchased ${credits} credit${credits === 1 ? '' : 's'}`, at };
    }
    case 'BidPlaced':
      return { kind: 'bid', delta: -1, balanceAfter: event.data.balanceAfter, reason: `Bid on property ${event.data.propertyId}`, at: event.data.at };
    case 'BidRefunded':
      return { kind: 'refund', delta: 1, balanceAfter: event.data.balanceAfter, reason: event.data.reason, at: event.data.at };
    case 'RewardGranted':
      return { kind: 'reward', delta: event.data.credits, balanceAfter: event.data.balanceAfter, reason: event.data.reason, at: event.data.at };
    case 'RewardWithdrawn':
      return { kind: 'reward-withdrawn', delta: -event.data.credits, balanceAfter: event.data.balanceAfter, reason: event.data.reason, at: event.data.at };
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

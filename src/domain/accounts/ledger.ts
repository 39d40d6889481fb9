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

type EntryMakers = { [Type in AccountEvent['type']]?: (event: Extract<AccountEvent, { type: Type }>) => LedgerEntry };

/** The ledger entry each account event that touches the balance makes. */
const ENTRIES = {
  CreditsPurchased: ({ data: { credits, amountCents, balanceAfter, at } }) => ({
    kind: 'purchase',
    delta: credits,
    balanceAfter,
    reason: `Purchased ${credits} credit${credits === 1 ? '' : 's'}`,
    at,
    amountCents,
  }),
  BidPlaced: ({ data: { bidId, propertyId, balanceAfter, at } }) => ({ kind: 'bid', delta: -1, balanceAfter, reason: `Bid on property ${propertyId}`, at, propertyId, bidId }),
  BidRefunded: ({ data: { bidId, propertyId, balanceAfter, reason, at } }) => ({ kind: 'refund', delta: 1, balanceAfter, reason, at, propertyId, bidId }),
  RewardGranted: ({ data: { achievement, credits, balanceAfter, reason, at } }) => ({ kind: 'reward', delta: credits, balanceAfter, reason, at, achievement }),
  RewardWithdrawn: ({ data: { achievement, bidId, credits, balanceAfter, reason, at } }) => ({
    kind: 'reward-withdrawn',
    delta: -credits,
    balanceAfter,
    reason,
    at,
    achievement,
    bidId,
  }),
  CreditsSetByAdmin: ({ data }) => ({ kind: 'admin', delta: data.credits - data.previousCredits, balanceAfter: data.credits, reason: data.reason, at: data.at }),
} satisfies EntryMakers;

type LedgerEventType = keyof typeof ENTRIES;

/** The account events that make a ledger entry (`ledgerEntryOf`): what a projection of the ledger handles. */
export const LEDGER_EVENT_TYPES = Object.keys(ENTRIES) as LedgerEventType[];

/** The ledger entry an account event makes, or null when it does not touch the balance. */
export function ledgerEntryOf(event: AccountEvent): LedgerEntry | null {
  const make = ENTRIES[event.type as LedgerEventType] as ((event: AccountEvent) => LedgerEntry) | undefined;
  return make ? make(event) : null;
}

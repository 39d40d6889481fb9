/*
 * The credits ledger as clients read it: the statement's entries
 * (GET /api/credits/statement) and the reason a `credits:changed` push gives.
 */

/** Why a balance moved. */
export type LedgerKind = 'purchase' | 'bid' | 'refund' | 'admin' | 'reward' | 'reward-withdrawn';

/** Why a balance moved without the user asking (a reward, a refund, an administrator's change), in words. */
export type CreditChangeReason = { kind: LedgerKind; label: string };

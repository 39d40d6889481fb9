/*
 * The credits ledger as clients read it: the statement's entries
 * (GET /api/credits/statement) and the reason a `credits:changed` push gives.
 */

/** Why a balance moved. */
export type LedgerKind = 'purchase' | 'bid' | 'refund' | 'admin' | 'reward' | 'reward-withdrawn';

/** Why a balance moved without the user asking (a reward, a refund, an administrator's change), in words. */
export type CreditChangeReason = { kind: LedgerKind; label: string };

/** An entry of GET /api/credits/statement, newest first. */
export interface StatementEntry {
  id: string;
  kind: LedgerKind;
  reason: string;
  /** What the entry is about, named: the listing's title, the achievement, the package, the administrator's reason. */
  description: string;
  /** Where to look: the listing while it exists, the store for purchases. */
  href: string | null;
  delta: number;
  balanceAfter: number;
  createdAt: string;
}

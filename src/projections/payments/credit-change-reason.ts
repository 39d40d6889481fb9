import { findAchievement } from '../../domain/accounts/achievements';
import type { CreditChangeReason } from '../../contract/payments/credits';
import type { LedgerEntry } from '../../domain/accounts/ledger';
import { ADMIN_CREDITS_REASON } from '../../domain/accounts/ledger';
import { REFUND_REASON } from '../../domain/bidding/policies';

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/**
 * The words for a change the user did not directly ask for: a reward, a reward
 * withdrawn, a refund, an administrator's change (issue 16, item 3). Bids and
 * purchases get none: the screen that made them already says what happened.
 * `listingTitle` is the refunded bid's listing, when known.
 */
export function creditChangeReason(entry: LedgerEntry, listingTitle: string | null): CreditChangeReason | null {
  switch (entry.kind) {
    case 'reward': {
      const title = entry.achievement === undefined ? undefined : findAchievement(entry.achievement)?.title;
      return { kind: entry.kind, label: title === undefined ? entry.reason : `${title} completed: +${credits(entry.delta)}` };
    }
    case 'reward-withdrawn':
      return { kind: entry.kind, label: entry.reason };
    case 'refund': {
      const listing = listingTitle === null || listingTitle === '' ? null : `'${listingTitle}'`;
      if (entry.reason === REFUND_REASON) {
        return { kind: entry.kind, label: listing === null ? 'Refund: a listing you bid on was withdrawn' : `Refund: listing ${listing} was withdrawn` };
      }
      return { kind: entry.kind, label: `Refund of your bid${listing === null ? '' : ` on ${listing}`}: ${entry.reason}` };
    }
    case 'admin':
      return {
        kind: entry.kind,
        label: `An administrator set your balance to ${credits(entry.balanceAfter)}${entry.reason === ADMIN_CREDITS_REASON ? '' : `: ${entry.reason}`}`,
      };
    default:
      return null;
  }
}

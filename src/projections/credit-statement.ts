import { isAccountEvent } from '../domain/accounts/events';
import type { LedgerKind } from '../domain/accounts/ledger';
import { ledgerEntryOf } from '../domain/accounts/ledger';
import type { Projection } from './projection';
import { insertOnce } from './projection';

export const CREDIT_LEDGER = 'credit_ledger';

/** One entry of a realtor's credit statement: an account event that moved the balance, keyed by its event id. */
export type CreditLedgerDoc = {
  _id: string;
  userId: string;
  kind: LedgerKind;
  delta: number;
  balanceAfter: number;
  reason: string;
  at: string;
  _position?: number;
};

/** The `credit_ledger` read model: every purchase, bid, refund, admin change and reward, from the account streams. */
export function createCreditStatementProjection(): Projection {
  return {
    name: CREDIT_LEDGER,
    collections: [CREDIT_LEDGER],
    async setup(store) {
      await store.collection<CreditLedgerDoc>(CREDIT_LEDGER).createIndex({ userId: 1, _position: -1 });
    },
    async apply(event, store) {
      if (!isAccountEvent(event)) return;
      const entry = ledgerEntryOf(event);
      if (!entry) return;
      const userId = event.streamId.slice('user-'.length);
      await insertOnce(store.collection<CreditLedgerDoc>(CREDIT_LEDGER), { _id: event.id, userId, ...entry }, event.position);
    },
  };
}

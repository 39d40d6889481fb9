import type { ReadStore } from '../../read-store/port';
import type { CreditLedgerDoc, CreditLedgerListingDoc } from './credit-statement';
import { CREDIT_LEDGER, CREDIT_LEDGER_LISTINGS } from './credit-statement';

/** A user's credit ledger, newest entry first (by log position). */
export function creditLedgerOf(store: ReadStore, userId: string): Promise<CreditLedgerDoc[]> {
  return store.collection<CreditLedgerDoc>(CREDIT_LEDGER).find({ userId }, { sort: { _position: -1 } });
}

/** The listings ledger entries name, for their titles. */
export function creditLedgerListings(store: ReadStore, propertyIds: readonly string[]): Promise<CreditLedgerListingDoc[]> {
  return store.collection<CreditLedgerListingDoc>(CREDIT_LEDGER_LISTINGS).find({ _id: { $in: propertyIds } });
}

/** Every ledger entry of a user, in no particular order (their data export). */
export function everyCreditLedgerEntryOf(store: ReadStore, userId: string): Promise<CreditLedgerDoc[]> {
  return store.collection<CreditLedgerDoc>(CREDIT_LEDGER).find({ userId });
}

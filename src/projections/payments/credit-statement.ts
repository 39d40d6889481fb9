import { isAccountEvent } from '../../domain/accounts/events';
import type { LedgerKind } from '../../contract/payments/credits';
import { ADMIN_CREDITS_REASON, LEDGER_EVENT_TYPES, ledgerEntryOf } from '../../domain/accounts/ledger';
import { REFUND_REASON } from '../../domain/bidding/policies';
import type { PropertyFacts } from '../../domain/bidding/property-facts';
import { PROPERTY_EVENT_TYPES, UNLISTED, evolvePropertyFacts, isPropertyEventType } from '../../domain/bidding/property-facts';
import { formatCents } from '../../domain/payments/packages';
import type { Projection } from '../projection';
import { insertOnce, upsertOnce } from '../projection';
import { userStream, propertyStream } from '../../domain/shared/stream-ids';

export const CREDIT_LEDGER = 'credit_ledger';
/** The title of every listing the statement may name, kept after its deletion so a refund still says what it was. */
export const CREDIT_LEDGER_LISTINGS = 'credit_ledger_listings';

/** One entry of a realtor's credit statement: an account event that moved the balance, keyed by its event id. */
export type CreditLedgerDoc = {
  _id: string;
  userId: string;
  kind: LedgerKind;
  delta: number;
  balanceAfter: number;
  reason: string;
  at: string;
  propertyId?: string;
  bidId?: string;
  achievement?: string;
  amountCents?: number;
  _position?: number;
};

export type CreditLedgerListingDoc = { _id: string; title: string; deleted: boolean; _position?: number };

/** What the statement shows for an entry: a sentence naming what it is about, and the listing or store it is about while that exists. */
export type StatementDescription = { description: string; href: string | null };

/**
 * The `credit_ledger` read model: every purchase, bid, refund, admin change and
 * reward, from the account streams; and `credit_ledger_listings`, the listings'
 * titles from their own streams, so an entry names its listing by title.
 */
export function createCreditStatementProjection(): Projection {
  return {
    name: CREDIT_LEDGER,
    collections: [CREDIT_LEDGER, CREDIT_LEDGER_LISTINGS],
    handles: [...PROPERTY_EVENT_TYPES, ...LEDGER_EVENT_TYPES],
    async setup(store) {
      await store.collection<CreditLedgerDoc>(CREDIT_LEDGER).createIndex({ userId: 1, _position: -1 });
    },
    async apply(event, store) {
      if (propertyStream.owns(event.streamId) && isPropertyEventType(event.type)) {
        const listings = store.collection<CreditLedgerListingDoc>(CREDIT_LEDGER_LISTINGS);
        const propertyId = propertyStream.idIn(event.streamId);
        const current = await listings.findOne({ _id: propertyId });
        const facts: PropertyFacts = current ? { ...UNLISTED, title: current.title, deleted: current.deleted } : UNLISTED;
        const { title, deleted } = evolvePropertyFacts(facts, event);
        await upsertOnce(listings, propertyId, event.position, { $set: { title, deleted } });
        return;
      }
      if (!isAccountEvent(event)) return;
      const entry = ledgerEntryOf(event);
      if (!entry) return;
      const userId = userStream.idIn(event.streamId);
      const ledger = store.collection<CreditLedgerDoc>(CREDIT_LEDGER);
      // A withdrawal names the listing of the refunded bid it follows.
      if (entry.kind === 'reward-withdrawn' && entry.bidId !== undefined) {
        const bid = await ledger.findOne({ userId, bidId: entry.bidId, kind: 'bid' });
        if (bid?.propertyId !== undefined) entry.propertyId = bid.propertyId;
      }
      await insertOnce(ledger, { _id: event.id, userId, ...entry }, event.position);
    },
  };
}

/** The sentence and link of one statement entry; `listing` is the entry's listing when it has one and it is known. */
export function describeLedgerEntry(entry: CreditLedgerDoc, listing: CreditLedgerListingDoc | null): StatementDescription {
  const named = listing && listing.title !== '' ? `“${listing.title}”` : 'a listing';
  const listingHref = listing && !listing.deleted && entry.propertyId !== undefined ? `/listing/${entry.propertyId}` : null;
  switch (entry.kind) {
    case 'purchase': {
      const paid = entry.amountCents === undefined ? '' : ` for $${formatCents(entry.amountCents)}`;
      return { description: `Bought the ${entry.delta}-credit package${paid}`, href: '/store' };
    }
    case 'bid':
      return { description: `Bid on ${named}${listing?.deleted ? ' (listing since deleted)' : ''}`, href: listingHref };
    case 'refund':
      return {
        description: entry.reason === REFUND_REASON ? `Refund: ${named} was deleted by its owner` : `Refund of your bid on ${named}: ${entry.reason}`,
        href: listingHref,
      };
    case 'reward':
      // The statement sits beside the achievements on the dashboard: no link to where the reader already is.
      return { description: entry.reason, href: null };
    case 'reward-withdrawn':
      return { description: entry.propertyId === undefined ? entry.reason : `${entry.reason} (your bid on ${named})`, href: listingHref };
    case 'admin':
      return {
        description: `Balance set to ${entry.balanceAfter} by an administrator${entry.reason === ADMIN_CREDITS_REASON ? '' : `: ${entry.reason}`}`,
        href: null,
      };
    default:
      return { description: entry.reason, href: null };
  }
}


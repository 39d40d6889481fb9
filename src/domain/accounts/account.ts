import type { Map as PersistentMap } from 'immutable';
import type { UserRole } from '../../contract/accounts/accounts';
import type { BidEmails } from '../../contract/notifications/notifications';
import type { UserId } from './commands';

/*
 * The state of the account stream `user-{userId}`, as its parts fold it:
 * identity (identity.ts), bids and rewards (bids.ts), card payments
 * (billing.ts) and mail choices (notifications.ts), composed in decide.ts.
 */

/** A token mailed to the user; the account keeps only its hash. */
export interface PendingToken {
  tokenHash: string;
  expiresAt: string;
}

/** Only the latest mailed link works: a resend supersedes the previous one. */
export type EmailState = { status: 'unverified'; pending: PendingToken | null } | { status: 'verified'; at: string };

/** A bid as its realtor's stream knows it; a refunded bid keeps its property taken (one bid per property, ever). */
export type AccountBid =
  | { status: 'active'; propertyId: string; amount: number; message: string; placedAt: string }
  | { status: 'refunded'; propertyId: string; amount: number; message: string; placedAt: string; refundedAt: string };

/** What the account knows of card payments (docs/decisions/0017-payments.md). */
export interface AccountBilling {
  paymentCustomerId: string | null;
  /** The saved card; null when none. */
  paymentMethodId: string | null;
  /** Cards removed: a late webhook about one of them must not save it again. */
  removedPaymentMethodIds: readonly string[];
  /** Every payment whose credits were added: the exactly-once guard. */
  purchasedPaymentIds: readonly string[];
}

export const initialBilling: AccountBilling = { paymentCustomerId: null, paymentMethodId: null, removedPaymentMethodIds: [], purchasedPaymentIds: [] };

/** Which mails a user wants (docs/decisions/0043). */
export interface NotificationPreferences {
  bidEmails: BidEmails;
  outcomeEmails: boolean;
  /** A realtor's mails about listings gone live in their service areas (docs/decisions/0060). */
  listingEmails: BidEmails;
}

/** What every account had before the choice existed: a mail per bid, outcome mails on. */
export const DEFAULT_NOTIFICATIONS: NotificationPreferences = { bidEmails: 'instant', outcomeEmails: true, listingEmails: 'instant' };

export interface RegisteredAccount extends AccountBilling {
  status: 'registered';
  userId: UserId;
  username: string;
  email: string;
  name: string;
  phone: string | null;
  role: UserRole;
  createdAt: string;
  /** Null until the registration's PasswordSet: an account without one cannot sign in. */
  passwordHash: string | null;
  /** Sessions carry this; raising it ends every older session. */
  sessionVersion: number;
  credits: number;
  emailVerification: EmailState;
  passwordReset: PendingToken | null;
  /**
   * Every bid this account placed, by bid id. Persistent maps: adding to one
   * shares the rest, where copying a plain object made folding a stream of n
   * bids cost n² (5,000 bids took seconds).
   */
  bids: PersistentMap<string, AccountBid>;
  /** The bid id on each property this account bid on. */
  bidOnProperty: PersistentMap<string, string>;
  /** Bids not refunded: achievements count only these. */
  standingBids: number;
  /** Achievements held now: rewarded and not withdrawn since. */
  achievements: readonly string[];
  /** Credits of a withdrawn reward not taken back yet (the balance was short), by achievement. */
  rewardsOwed: Readonly<Record<string, number>>;
  /** Which mails the user wants (docs/decisions/0043). */
  notifications: NotificationPreferences;
  /** Set by AccountErased: nothing signs in again (src/domain/accounts/erasure.ts). */
  erasedAt?: string;
}

export type AccountState = { status: 'unregistered' } | RegisteredAccount;

export const initialAccountState: AccountState = { status: 'unregistered' };

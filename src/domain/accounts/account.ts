import { Map as PersistentMap } from 'immutable';
import { assertNever } from '../shared/decider';
import type { UserId } from './commands';
import { evolveBids } from './bids';
import type { AccountBilling } from './billing';
import { evolveBilling, initialBilling } from './billing';
import type { AccountEvent } from './events';
import type { NotificationPreferences } from './notifications';
import { DEFAULT_NOTIFICATIONS, evolveNotifications } from './notifications';
import type { UserRole } from '../../contract/accounts';

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

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === 'UserRegistered') {
    const { userId, username, email, name, phone, role, at } = event.data;
    return {
      status: 'registered',
      userId: userId as UserId,
      username,
      email,
      name,
      phone,
      role,
      createdAt: at,
      passwordHash: null,
      sessionVersion: 0,
      credits: 0,
      emailVerification: { status: 'unverified', pending: null },
      passwordReset: null,
      bids: PersistentMap(),
      bidOnProperty: PersistentMap(),
      standingBids: 0,
      achievements: [],
      rewardsOwed: {},
      notifications: DEFAULT_NOTIFICATIONS,
      ...initialBilling,
    };
  }
  // Every other event follows registration in the same stream.
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'PasswordSet':
      // A new password, however set, also voids a reset link still in a mailbox.
      return { ...state, passwordHash: event.data.passwordHash, passwordReset: null };
    case 'SessionsEnded':
      return { ...state, sessionVersion: event.data.sessionVersion };
    case 'EmailVerificationIssued':
      if (state.emailVerification.status === 'verified') return state;
      return { ...state, emailVerification: { status: 'unverified', pending: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } } };
    case 'EmailVerified':
      return { ...state, emailVerification: { status: 'verified', at: event.data.at } };
    case 'PasswordResetIssued':
      return { ...state, passwordReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'PasswordResetCompleted':
      return { ...state, passwordReset: null };
    case 'InfoUpdated':
      return { ...state, name: event.data.name, phone: event.data.phone };
    case 'SignedIn':
      return state;
    case 'CreditsSetByAdmin':
      return { ...state, credits: event.data.credits };
    case 'BidPlaced':
    case 'BidMessageEdited':
    case 'BidRefunded':
    case 'RewardGranted':
    case 'RewardWithdrawn':
      return evolveBids(state, event);
    case 'PaymentCustomerCreated':
    case 'PaymentMethodSaved':
    case 'PaymentMethodRemoved':
    case 'CreditsPurchased':
      return evolveBilling(state, event);
    case 'NotificationPreferencesChanged':
      return evolveNotifications(state, event);
    case 'AccountErased':
      // No password opens it again (src/domain/accounts/erasure.ts).
      return { ...state, passwordHash: null, erasedAt: event.data.at };
    default:
      return assertNever(event);
  }
}

import type { RecordedEvent } from '../../event-store/port';
import type { PasswordReason } from './commands';
import type { NotificationPreferences } from './account';
import type { UserRole } from '../../contract/accounts/accounts';
import { userStream } from '../shared/stream-ids';

export type UserRegistered = {
  type: 'UserRegistered';
  data: { userId: string; username: string; email: string; name: string; phone: string | null; role: UserRole; at: string };
};

/**
 * The only event that carries a password hash, so that projections, which
 * never handle this type, cannot store one by accident.
 */
export type PasswordSet = {
  type: 'PasswordSet';
  data: { passwordHash: string; reason: PasswordReason; adminId?: string; at: string };
};

/** Every session issued with an older version no longer stands. */
export type SessionsEnded = { type: 'SessionsEnded'; data: { sessionVersion: number; at: string } };

export type EmailVerificationIssued = { type: 'EmailVerificationIssued'; data: { tokenHash: string; expiresAt: string; at: string } };
export type EmailVerified = { type: 'EmailVerified'; data: { at: string } };
export type PasswordResetIssued = { type: 'PasswordResetIssued'; data: { tokenHash: string; expiresAt: string; at: string } };
export type PasswordResetCompleted = { type: 'PasswordResetCompleted'; data: { tokenHash: string; at: string } };
export type InfoUpdated = { type: 'InfoUpdated'; data: { name: string; phone: string | null; at: string } };
export type SignedIn = { type: 'SignedIn'; data: { at: string } };
export type CreditsSetByAdmin = {
  type: 'CreditsSetByAdmin';
  data: { credits: number; previousCredits: number; adminId: string; reason: string; at: string };
};

/** The person erased their account: no personal data here; their key is gone (docs/decisions/0042). */
export type AccountErased = { type: 'AccountErased'; data: { at: string } };

/** The user's mail choices after the change, whole (docs/decisions/0043). */
/** `listingEmails` is absent on changes from before realtors chose it: they had the default, instant. */
export type NotificationPreferencesChanged = { type: 'NotificationPreferencesChanged'; data: Omit<NotificationPreferences, 'listingEmails'> & { listingEmails?: NotificationPreferences['listingEmails']; at: string } };

/*
 * The credits ledger and the realtor's bids live in the account stream too, so
 * one stream's optimistic concurrency keeps the balance at 0 or more and a
 * realtor at one bid per property (ARCHITECTURE decision 4). Every event that
 * moves the balance carries the balance after it (`balanceAfter`), so a read
 * model sets it instead of adding deltas.
 */

/** Spends 1 credit. `message` is '' when the realtor wrote none. */
export type BidPlaced = {
  type: 'BidPlaced';
  data: { bidId: string; propertyId: string; amount: number; message: string; at: string; balanceAfter: number };
};
export type BidMessageEdited = { type: 'BidMessageEdited'; data: { bidId: string; propertyId: string; message: string; at: string } };
/** Gives the bid's credit back; the bid no longer stands. */
export type BidRefunded = {
  type: 'BidRefunded';
  data: { bidId: string; propertyId: string; reason: string; at: string; balanceAfter: number };
};
/**
 * An achievement completed on standing bids: its reward. Completed again after
 * a withdrawal, it pays only what the withdrawal took back (docs/decisions/0023).
 */
export type RewardGranted = {
  type: 'RewardGranted';
  data: { achievement: string; credits: number; reason: string; at: string; balanceAfter: number };
};
/**
 * A refund (of `bidId`) left an achievement incomplete, or found credits of a
 * withdrawn reward still owed: `credits` are taken back, at most the balance,
 * and `owed` is what is still to take (docs/decisions/0023).
 */
export type RewardWithdrawn = {
  type: 'RewardWithdrawn';
  data: { achievement: string; bidId: string; credits: number; owed: number; reason: string; at: string; balanceAfter: number };
};

/*
 * Card payments (docs/decisions/0017-payments.md): the provider's customer and
 * the saved card belong to the account; a purchase's credits land here once
 * per payment, decided by this stream, whichever path reported the success.
 */
export type PaymentCustomerCreated = { type: 'PaymentCustomerCreated'; data: { customerId: string; at: string } };
/** `card`: brand and last four, absent when the provider did not tell (a webhook's save, or one recorded before). */
export type PaymentMethodSaved = { type: 'PaymentMethodSaved'; data: { paymentMethodId: string; card?: { brand: string; last4: string }; at: string } };
export type PaymentMethodRemoved = { type: 'PaymentMethodRemoved'; data: { paymentMethodId: string; at: string } };
export type CreditsPurchased = {
  type: 'CreditsPurchased';
  data: { paymentId: string; paymentIntentId: string; credits: number; amountCents: number; at: string; balanceAfter: number };
};

/** The identity part's events (identity.ts). */
export type IdentityEvent =
  | UserRegistered
  | PasswordSet
  | SessionsEnded
  | EmailVerificationIssued
  | EmailVerified
  | PasswordResetIssued
  | PasswordResetCompleted
  | InfoUpdated
  | SignedIn
  | CreditsSetByAdmin
  | AccountErased;

export type AccountEvent =
  | UserRegistered
  | PasswordSet
  | SessionsEnded
  | EmailVerificationIssued
  | EmailVerified
  | PasswordResetIssued
  | PasswordResetCompleted
  | InfoUpdated
  | SignedIn
  | CreditsSetByAdmin
  | BidPlaced
  | BidMessageEdited
  | BidRefunded
  | RewardGranted
  | RewardWithdrawn
  | PaymentCustomerCreated
  | PaymentMethodSaved
  | PaymentMethodRemoved
  | CreditsPurchased
  | NotificationPreferencesChanged
  | AccountErased;

export const ACCOUNT_EVENT_TYPES = [
  'UserRegistered',
  'PasswordSet',
  'SessionsEnded',
  'EmailVerificationIssued',
  'EmailVerified',
  'PasswordResetIssued',
  'PasswordResetCompleted',
  'InfoUpdated',
  'SignedIn',
  'CreditsSetByAdmin',
  'BidPlaced',
  'BidMessageEdited',
  'BidRefunded',
  'RewardGranted',
  'RewardWithdrawn',
  'PaymentCustomerCreated',
  'PaymentMethodSaved',
  'PaymentMethodRemoved',
  'CreditsPurchased',
  'NotificationPreferencesChanged',
  'AccountErased',
] as const satisfies ReadonlyArray<AccountEvent['type']>;

const TYPES: ReadonlySet<string> = new Set(ACCOUNT_EVENT_TYPES);

/** An event of a user account stream (`user-{userId}`), narrowed for projections. */
export function isAccountEvent(event: RecordedEvent): event is RecordedEvent & AccountEvent {
  return userStream.owns(event.streamId) && TYPES.has(event.type);
}

import type { Brand } from '../shared/decider';
import type { BidEmails } from '../../contract/notifications/notifications';
import type { UserRole } from '../../contract/accounts/accounts';
import { userStream } from '../shared/stream-ids';

export type UserId = Brand<string, 'UserId'>;

/** The stream of one user account. */
export const userStreamId = userStream.of;

/** Why a password was set; every reason but registration ends the account's sessions. */
export type PasswordReason = 'registration' | 'change' | 'reset' | 'admin';

/*
 * Commands on a user account. Times are ISO strings, ids and hashes are made
 * by the caller: the decider never reads a clock, a random source or a secret.
 */
export type Register = {
  type: 'Register';
  userId: UserId;
  username: string;
  email: string;
  name: string;
  phone: string | null;
  role: UserRole;
  /** The first password, set in the same append so no account ever lacks one. */
  passwordHash: string;
  at: string;
};

/** Sets the password hash. A reset goes through CompletePasswordReset, which checks its token. */
export type SetPassword =
  | { type: 'SetPassword'; reason: 'change'; passwordHash: string; at: string }
  | { type: 'SetPassword'; reason: 'admin'; adminId: string; passwordHash: string; at: string };

export type IssueEmailVerification = { type: 'IssueEmailVerification'; tokenHash: string; expiresAt: string; at: string };
export type VerifyEmail = { type: 'VerifyEmail'; tokenHash: string; at: string };
export type IssuePasswordReset = { type: 'IssuePasswordReset'; tokenHash: string; expiresAt: string; at: string };
export type CompletePasswordReset = { type: 'CompletePasswordReset'; tokenHash: string; passwordHash: string; at: string };
export type UpdateInfo = { type: 'UpdateInfo'; name: string; phone: string | null; at: string };
export type RecordSignIn = { type: 'RecordSignIn'; at: string };
/** An administrator sets the balance outright; the event keeps the previous balance for the ledger. */
/** `expectedCredits`: the balance the administrator saw; when it has moved since, nothing changes (no lost purchase). */
export type SetCreditsByAdmin = { type: 'SetCreditsByAdmin'; credits: number; expectedCredits?: number; adminId: string; reason: string; at: string };

/**
 * What a bid command needs to know about the property, read from its stream
 * (`property-{id}`) when the command is made. The property is another
 * stream's business, so the snapshot comes in with the command.
 */
export interface PropertySnapshot {
  /** False when the property was never listed or has been deleted. */
  exists: boolean;
  ownerId: string | null;
  isActive: boolean;
  biddingEndsAt: string | null;
  minBidAmount: number;
}

/** Spends 1 credit on a bid; may complete achievements, whose rewards come in the same append. */
export type PlaceBid = {
  type: 'PlaceBid';
  bidId: string;
  propertyId: string;
  amount: number;
  message?: string;
  property: PropertySnapshot;
  /** The realtor's licence verification is approved (the realtor-profile stream's business, read when the command is made). */
  realtorApproved: boolean;
  at: string;
};
/** Only the message of a bid changes, and only while its bidding is open. */
export type EditBidMessage = { type: 'EditBidMessage'; bidId: string; message: string; property: PropertySnapshot; at: string };
/** Gives a bid's credit back (the property was deleted); a second refund of the same bid decides nothing. */
export type RefundBid = { type: 'RefundBid'; bidId: string; reason: string; at: string };
/** Grants an achievement's reward once; PlaceBid grants rewards itself, this is for corrections. */
export type GrantReward = { type: 'GrantReward'; achievement: string; credits: number; at: string };

export type BidCommand = PlaceBid | EditBidMessage | RefundBid | GrantReward;

/** Records the payment provider's customer; the first one recorded stays. */
export type RecordPaymentCustomer = { type: 'RecordPaymentCustomer'; customerId: string; at: string };
/** Saves the card to charge; from the client after a setup, or from the provider's webhook. */
/** `card`: the brand and last four the provider told, when it did (the client's save; a webhook's carries none). */
export type SavePaymentMethod = { type: 'SavePaymentMethod'; paymentMethodId: string; card?: { brand: string; last4: string } | null; source: 'client' | 'webhook'; at: string };
export type RemovePaymentMethod = { type: 'RemovePaymentMethod'; at: string };
/** Adds a succeeded payment's credits; a second command for the same paymentId decides nothing. */
export type PurchaseCredits = { type: 'PurchaseCredits'; paymentId: string; paymentIntentId: string; credits: number; amountCents: number; at: string };

export type BillingCommand = RecordPaymentCustomer | SavePaymentMethod | RemovePaymentMethod | PurchaseCredits;

/** The identity part's commands (identity.ts); Register comes before an account exists. */
export type IdentityCommand = SetPassword | IssueEmailVerification | VerifyEmail | IssuePasswordReset | CompletePasswordReset | UpdateInfo | RecordSignIn | SetCreditsByAdmin;

export type AccountCommand = Register | IdentityCommand | BidCommand | BillingCommand | ChangeNotificationPreferences;

/** Sets the signed-in user's choice; a setting left out stays as it is. */
export type ChangeNotificationPreferences = {
  type: 'ChangeNotificationPreferences';
  bidEmails?: BidEmails;
  outcomeEmails?: boolean;
  listingEmails?: BidEmails;
  at: string;
};

import { userRoom } from '../../contract/realtime';
import { ERASED_NAME, erasedEmail, erasedUsername } from '../../personal-data/personal-fields';
import type { AccountEvent } from '../../domain/accounts/events';
import { isAccountEvent } from '../../domain/accounts/events';
import { ledgerEntryOf } from '../../domain/accounts/ledger';
import type { UserRole } from '../../contract/accounts/accounts';
import { assertNever } from '../../domain/shared/decider';
import { isVerificationEvent } from '../../domain/verification/events';
import type { RecordedEvent } from '../../event-store/port';
import type { ReadStore, Update } from '../../read-store/port';
import { creditChangeReason } from '../payments/credit-change-reason';
import type { CreditLedgerListingDoc } from '../payments/credit-statement';
import { CREDIT_LEDGER_LISTINGS } from '../payments/credit-statement';
import type { Projection, Push } from '../projection';
import { deleteOnce, insertOnce, updateOnce, upsertOnce } from '../projection';
import { userStream } from '../../domain/shared/stream-ids';

export const USERS = 'users';
export const ACCOUNT_TOKENS = 'account_tokens';

/** One user account. Never a password hash or a token: PasswordSet is not read here. */
export type UserDoc = {
  _id: string;
  username: string;
  /** Sign-in compares names case-insensitively, as the reservation streams do. */
  usernameLower: string;
  email: string;
  emailLower: string;
  name: string;
  phone: string | null;
  role: UserRole;
  credits: number;
  emailVerified: boolean;
  /** The homeowner verification outcome; set by the verification work. */
  isVerified: boolean;
  /** Where the homeowner's latest utility bill stands ('none' before any); the back office lists and filters by it. */
  verificationStatus?: UserVerificationStatus;
  profileImageUrl: string | null;
  createdAt: string;
  /** Sessions issued with another version no longer stand (src/http/routes/accounts/session-check.ts). */
  sessionVersion: number;
  lastLogin: string | null;
  /** Bids ever placed (refunded ones too): the realtor dashboard's total bids. */
  bidsPlaced?: number;
  /** Bids not refunded: the realtor dashboard's achievements count only these. */
  bidsStanding?: number;
  /** Achievements held: rewarded and not withdrawn since. */
  achievements?: string[];
  /** The payment provider's customer and saved card (SPEC §3); the user JSON tells only whether a card is saved. */
  stripeCustomerId?: string | null;
  stripePaymentMethodId?: string | null;
  /** The saved card's brand and last four, when the provider told them. */
  paymentCard?: { brand: string; last4: string } | null;
  _position?: number;
};

export const USER_VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type UserVerificationStatus = (typeof USER_VERIFICATION_STATUSES)[number];

export type AccountTokenKind = 'email-verification' | 'password-reset';

/**
 * Finds the account of a token in a mailed link. Keyed by the token's SHA-256;
 * whether the token is still good is the account stream's decision.
 */
export type AccountTokenDoc = {
  _id: string;
  userId: string;
  kind: AccountTokenKind;
  expiresAt: string;
  _position?: number;
};

/** The `users` read model and the `account_tokens` lookup, from the user account streams. */
export function createUsersProjection(): Projection {
  return {
    name: USERS,
    collections: [USERS, ACCOUNT_TOKENS],
    async setup(store) {
      const users = store.collection<UserDoc>(USERS);
      // Not unique: the reservation streams keep names unique; a read model only finds them.
      await users.createIndex({ usernameLower: 1 });
      await users.createIndex({ emailLower: 1 });
      await users.createIndex({ createdAt: -1, _id: -1 });
      // The back office's Users list sorted by name and Realtors list (docs/decisions/0032).
      await users.createIndex({ name: 1, _id: 1 });
      // Counts by role, and the Realtors list newest first (docs/decisions/0033).
      await users.createIndex({ role: 1, createdAt: -1, _id: -1 });
    },
    async apply(event, store) {
      // Ownership verification lives in its own stream; its approval is what sets isVerified on the user.
      if (isVerificationEvent(event)) {
        const users = store.collection<UserDoc>(USERS);
        const { userId } = event.data;
        if (event.type === 'VerificationApproved') await updateOnce(users, userId, event.position, { $set: { isVerified: true, verificationStatus: 'approved' } });
        else if (event.type === 'VerificationRejected') await updateOnce(users, userId, event.position, { $set: { verificationStatus: 'rejected' } });
        else await updateOnce(users, userId, event.position, { $set: { verificationStatus: 'pending' } });
        return;
      }
      if (!isAccountEvent(event)) return;
      return applyAccountEvent(event, userStream.idIn(event.streamId), store);
    },
  };
}

/**
 * What an erased user's document keeps: the same stand-ins a replay of their
 * shredded events writes, and no session version any cookie can carry
 * (docs/decisions/0042).
 */
function erasedUserFields(userId: string) {
  const email = erasedEmail(userId);
  const username = erasedUsername(userId);
  return { name: ERASED_NAME, email, emailLower: email, username, usernameLower: username, phone: null, profileImageUrl: null, sessionVersion: -1, stripeCustomerId: null, stripePaymentMethodId: null, paymentCard: null };
}

async function applyAccountEvent(event: RecordedEvent & AccountEvent, userId: string, store: ReadStore): Promise<Push[] | void> {
  const users = store.collection<UserDoc>(USERS);
  const tokens = store.collection<AccountTokenDoc>(ACCOUNT_TOKENS);
  const { position } = event;
  switch (event.type) {
    case 'UserRegistered': {
      const { username, email, name, phone, role, at } = event.data;
      await upsertOnce(users, userId, position, {
        $set: {
          username,
          usernameLower: username.toLowerCase(),
          email,
          emailLower: email.toLowerCase(),
          name,
          phone,
          role,
          credits: 0,
          emailVerified: false,
          isVerified: false,
          verificationStatus: 'none',
          profileImageUrl: null,
          createdAt: at,
          sessionVersion: 0,
          lastLogin: null,
        },
      });
      return;
    }
    case 'SessionsEnded':
      await updateOnce(users, userId, position, { $set: { sessionVersion: event.data.sessionVersion } });
      return;
    case 'EmailVerificationIssued':
      await insertOnce(tokens, { _id: event.data.tokenHash, userId, kind: 'email-verification', expiresAt: event.data.expiresAt }, position);
      return;
    case 'PasswordResetIssued':
      await insertOnce(tokens, { _id: event.data.tokenHash, userId, kind: 'password-reset', expiresAt: event.data.expiresAt }, position);
      return;
    case 'EmailVerified':
      await updateOnce(users, userId, position, { $set: { emailVerified: true } });
      return;
    case 'InfoUpdated':
      await updateOnce(users, userId, position, { $set: { name: event.data.name, phone: event.data.phone } });
      return;
    case 'SignedIn':
      await updateOnce(users, userId, position, { $set: { lastLogin: event.data.at } });
      return;
    case 'CreditsSetByAdmin':
      return setCredits(event, userId, store);
    case 'BidRefunded':
      return setCredits(event, userId, store, { $inc: { bidsStanding: -1 } });
    case 'BidPlaced':
      return setCredits(event, userId, store, { $inc: { bidsPlaced: 1, bidsStanding: 1 } });
    case 'RewardGranted':
      return setCredits(event, userId, store, { $push: { achievements: event.data.achievement } });
    case 'RewardWithdrawn':
      return setCredits(event, userId, store, { $pull: { achievements: event.data.achievement } });
    case 'CreditsPurchased':
      return setCredits(event, userId, store);
    case 'PaymentCustomerCreated':
      await updateOnce(users, userId, position, { $set: { stripeCustomerId: event.data.customerId } });
      return;
    case 'PaymentMethodSaved':
      await updateOnce(users, userId, position, { $set: { stripePaymentMethodId: event.data.paymentMethodId, paymentCard: event.data.card ?? null } });
      return;
    case 'PaymentMethodRemoved':
      await updateOnce(users, userId, position, { $set: { stripePaymentMethodId: null, paymentCard: null } });
      return;
    case 'BidMessageEdited':
    case 'NotificationPreferencesChanged':
      return;
    case 'AccountErased':
      await updateOnce(users, userId, position, { $set: erasedUserFields(userId) });
      // Tombstones, so a node applying an older token event late cannot bring one back (docs/decisions/0061).
      for (const { _id } of await tokens.find({ userId }, { projection: { _id: 1 } })) await deleteOnce(tokens, _id, position);
      return;
    case 'PasswordSet':
    case 'PasswordResetCompleted':
      // The hash stays in the log; the account stream alone judges tokens.
      return;
    default:
      return assertNever(event);
  }
}

/**
 * Every ledger entry sets the balance it left and tells the user's sockets; a change the user did not
 * directly ask for (a reward, a refund, an administrator's) carries its reason, for the client to say why.
 */
async function setCredits(event: RecordedEvent & AccountEvent, userId: string, store: ReadStore, also: Omit<Update, '$set'> = {}): Promise<Push[] | void> {
  const entry = ledgerEntryOf(event);
  if (!entry) return;
  // Pushed whether or not this write landed: every node sharing the read store tells its own sockets (docs/decisions/0031).
  await updateOnce(store.collection<UserDoc>(USERS), userId, event.position, { ...also, $set: { credits: entry.balanceAfter } });
  // The statement's listings keep a title after deletion; a refund only ever follows a listing it has seen listed.
  const listing = entry.kind === 'refund' && entry.propertyId !== undefined ? await store.collection<CreditLedgerListingDoc>(CREDIT_LEDGER_LISTINGS).findOne({ _id: entry.propertyId }) : null;
  const reason = creditChangeReason(entry, listing?.title ?? null);
  return [{ rooms: [userRoom(userId)], event: 'credits:changed', payload: { credits: entry.balanceAfter, ...(reason === null ? {} : { reason }) } }];
}

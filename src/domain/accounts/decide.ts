import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { AccountState, PendingToken, RegisteredAccount } from './account';
import { evolveAccount, initialAccountState } from './account';
import { decideBid } from './bids';
import { decideBilling } from './billing';
import type { AccountCommand } from './commands';
import type { AccountEvent } from './events';
import { decideNotifications } from './notifications';
import { INVALID_RESET_TOKEN } from '../../contract/accounts';

export const INVALID_VERIFICATION_LINK = 'Invalid or expired verification link';
export const CREDITS_RULE = 'Credits must be a whole number of at least 0';

/** The user account stream `user-{userId}`: registration, password, email, info, and the credits ledger with the bids it pays for. */
export const account: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide(command, state) {
    if (command.type === 'Register') {
      if (state.status === 'registered') throw new ConflictError('Account already exists');
      const { userId, username, email, name, phone, role, passwordHash, at } = command;
      return [
        { type: 'UserRegistered', data: { userId, username, email, name, phone, role, at } },
        { type: 'PasswordSet', data: { passwordHash, reason: 'registration', at } },
      ];
    }
    if (state.status !== 'registered') throw new NotFoundError('User not found');
    return decideForRegistered(command, state);
  },
};

function decideForRegistered(command: Exclude<AccountCommand, { type: 'Register' }>, state: RegisteredAccount): AccountEvent[] {
  switch (command.type) {
    case 'SetPassword': {
      const by = command.reason === 'admin' ? { adminId: command.adminId } : {};
      return [
        { type: 'PasswordSet', data: { passwordHash: command.passwordHash, reason: command.reason, ...by, at: command.at } },
        endSessions(state, command.at),
      ];
    }
    case 'IssueEmailVerification':
      if (state.emailVerification.status === 'verified') throw new ConflictError('Email is already verified');
      return [{ type: 'EmailVerificationIssued', data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt, at: command.at } }];
    case 'VerifyEmail': {
      const email = state.emailVerification;
      if (email.status === 'verified') return [];
      if (!isLive(email.pending, command.tokenHash, command.at)) throw new ValidationError(INVALID_VERIFICATION_LINK);
      return [{ type: 'EmailVerified', data: { at: command.at } }];
    }
    case 'IssuePasswordReset':
      return [{ type: 'PasswordResetIssued', data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt, at: command.at } }];
    case 'CompletePasswordReset':
      if (!isLive(state.passwordReset, command.tokenHash, command.at)) throw new ValidationError(INVALID_RESET_TOKEN);
      return [
        { type: 'PasswordResetCompleted', data: { tokenHash: command.tokenHash, at: command.at } },
        { type: 'PasswordSet', data: { passwordHash: command.passwordHash, reason: 'reset', at: command.at } },
        endSessions(state, command.at),
      ];
    case 'UpdateInfo':
      if (command.name === state.name && command.phone === state.phone) return [];
      return [{ type: 'InfoUpdated', data: { name: command.name, phone: command.phone, at: command.at } }];
    case 'RecordSignIn':
      return [{ type: 'SignedIn', data: { at: command.at } }];
    case 'SetCreditsByAdmin': {
      if (!Number.isSafeInteger(command.credits) || command.credits < 0) throw new ValidationError(CREDITS_RULE, { credits: CREDITS_RULE });
      if (command.expectedCredits !== undefined && command.expectedCredits !== state.credits) {
        throw new ConflictError(balanceMovedMessage(state.credits));
      }
      if (command.credits === state.credits) return [];
      const { credits, adminId, reason, at } = command;
      return [{ type: 'CreditsSetByAdmin', data: { credits, previousCredits: state.credits, adminId, reason, at } }];
    }
    case 'PlaceBid':
    case 'EditBidMessage':
    case 'RefundBid':
    case 'GrantReward':
      return decideBid(command, state);
    case 'RecordPaymentCustomer':
    case 'SavePaymentMethod':
    case 'RemovePaymentMethod':
    case 'PurchaseCredits':
      return decideBilling(command, state);
    case 'ChangeNotificationPreferences':
      return decideNotifications(command, state);
    default:
      return assertNever(command);
  }
}

function endSessions(state: RegisteredAccount, at: string): AccountEvent {
  return { type: 'SessionsEnded', data: { sessionVersion: state.sessionVersion + 1, at } };
}

/** The token is the pending one and has not expired at `at`. */
function isLive(pending: PendingToken | null, tokenHash: string, at: string): boolean {
  return pending !== null && pending.tokenHash === tokenHash && Date.parse(at) < Date.parse(pending.expiresAt);
}

/** 409 for an administrator's credit edit made on a balance that has moved since it was shown. */
export const balanceMovedMessage = (credits: number): string =>
  `The balance is now ${credits}: it changed since you opened this user. Nothing was saved; check it and try again.`;

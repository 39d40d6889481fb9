import { Map as PersistentMap } from 'immutable';
import { INVALID_RESET_TOKEN } from '../../contract/accounts/accounts';
import { assertNever } from '../shared/decider';
import { ConflictError, ValidationError } from '../shared/errors';
import type { AccountState, PendingToken, RegisteredAccount } from './account';
import { DEFAULT_NOTIFICATIONS, initialBilling } from './account';
import type { IdentityCommand, Register, UserId } from './commands';
import type { AccountEvent, IdentityEvent } from './events';

/*
 * The identity part of the account stream: registration, password, email,
 * personal details, sessions, and an administrator's credit edits.
 */

export const INVALID_VERIFICATION_LINK = 'Invalid or expired verification link';
export const CREDITS_RULE = 'Credits must be a whole number of at least 0';
/** Only realtors spend credits (on bids); a balance on anyone else could never be used. */
export const CREDITS_REALTORS_ONLY = 'Credits can only be set on realtor accounts';

/** Registration: refused when the stream already holds an account. */
export function decideRegister(command: Register, state: AccountState): AccountEvent[] {
  if (state.status === 'registered') throw new ConflictError('Account already exists');
  const { userId, username, email, name, phone, role, passwordHash, at } = command;
  return [
    { type: 'UserRegistered', data: { userId, username, email, name, phone, role, at } },
    { type: 'PasswordSet', data: { passwordHash, reason: 'registration', at } },
  ];
}

/** The identity commands of a registered account. */
export function decideIdentity(command: IdentityCommand, state: RegisteredAccount): AccountEvent[] {
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
      if (state.role !== 'realtor') throw new ValidationError(CREDITS_REALTORS_ONLY, { credits: CREDITS_REALTORS_ONLY });
      if (!Number.isSafeInteger(command.credits) || command.credits < 0) throw new ValidationError(CREDITS_RULE, { credits: CREDITS_RULE });
      if (command.expectedCredits !== undefined && command.expectedCredits !== state.credits) {
        throw new ConflictError(balanceMovedMessage(state.credits));
      }
      if (command.credits === state.credits) return [];
      const { credits, adminId, reason, at } = command;
      return [{ type: 'CreditsSetByAdmin', data: { credits, previousCredits: state.credits, adminId, reason, at } }];
    }
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

/** Folds the identity events; UserRegistered starts the account. */
export function evolveIdentity(state: AccountState, event: IdentityEvent): AccountState {
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
    case 'AccountErased':
      // No password opens it again (src/domain/accounts/erasure.ts).
      return { ...state, passwordHash: null, erasedAt: event.data.at };
    default:
      return assertNever(event);
  }
}

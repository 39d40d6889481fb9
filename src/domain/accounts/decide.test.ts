import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { UserId } from './commands';
import { account } from './decide';
import { CREDITS_REALTORS_ONLY, CREDITS_RULE, INVALID_VERIFICATION_LINK, balanceMovedMessage } from './identity';
import type { AccountEvent } from './events';
import { INVALID_RESET_TOKEN } from '../../contract/accounts/accounts';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-22T10:30:00.000Z';
const inAnHour = '2026-11-22T11:00:00.000Z';
const userId = 'b7a3c1d2-0000-4000-8000-000000000001' as UserId;

const registered: AccountEvent = {
  type: 'UserRegistered',
  data: { userId, username: 'jane', email: 'jane@example.com', name: 'Jane Doe', phone: null, role: 'homeowner', at },
};
const firstPassword: AccountEvent = { type: 'PasswordSet', data: { passwordHash: 'hash-1', reason: 'registration', at } };
const member = [registered, firstPassword];
const verificationIssued: AccountEvent = { type: 'EmailVerificationIssued', data: { tokenHash: 'v1', expiresAt: inAnHour, at } };
const resetIssued: AccountEvent = { type: 'PasswordResetIssued', data: { tokenHash: 'r1', expiresAt: inAnHour, at } };

describe('Register', () => {
  it('registers a new account with its first password, in one append', () => {
    given(account)
      .when({ type: 'Register', userId, username: 'jane', email: 'jane@example.com', name: 'Jane Doe', phone: null, role: 'homeowner', passwordHash: 'hash-1', at })
      .then([registered, firstPassword]);
  });

  it('refuses to register the same account twice', () => {
    given(account, [registered])
      .when({ type: 'Register', userId, username: 'jane', email: 'jane@example.com', name: 'Jane Doe', phone: null, role: 'homeowner', passwordHash: 'h', at })
      .thenThrows(ConflictError, 'Account already exists');
  });
});

describe('every other command', () => {
  it('needs a registered account', () => {
    given(account).when({ type: 'RecordSignIn', at }).thenThrows(NotFoundError, 'User not found');
    given(account).when({ type: 'SetPassword', reason: 'change', passwordHash: 'h', at }).thenThrows(NotFoundError);
  });
});

describe('SetPassword', () => {
  it('ends every session on a change', () => {
    given(account, member)
      .when({ type: 'SetPassword', reason: 'change', passwordHash: 'hash-2', at: later })
      .then([
        { type: 'PasswordSet', data: { passwordHash: 'hash-2', reason: 'change', at: later } },
        { type: 'SessionsEnded', data: { sessionVersion: 1, at: later } },
      ]);
  });

  it('records the administrator who set it, and raises the version again', () => {
    given(account, [...member, { type: 'SessionsEnded', data: { sessionVersion: 1, at } }])
      .when({ type: 'SetPassword', reason: 'admin', adminId: 'admin-1', passwordHash: 'hash-3', at: later })
      .then([
        { type: 'PasswordSet', data: { passwordHash: 'hash-3', reason: 'admin', adminId: 'admin-1', at: later } },
        { type: 'SessionsEnded', data: { sessionVersion: 2, at: later } },
      ]);
  });
});

describe('email verification', () => {
  it('issues a verification token', () => {
    given(account, member)
      .when({ type: 'IssueEmailVerification', tokenHash: 'v1', expiresAt: inAnHour, at })
      .then([verificationIssued]);
  });

  it('refuses to issue one for a verified email', () => {
    given(account, [...member, verificationIssued, { type: 'EmailVerified', data: { at } }])
      .when({ type: 'IssueEmailVerification', tokenHash: 'v2', expiresAt: inAnHour, at })
      .thenThrows(ConflictError, 'Email is already verified');
  });

  it('verifies with the pending token before it expires', () => {
    given(account, [...member, verificationIssued]).when({ type: 'VerifyEmail', tokenHash: 'v1', at: later }).then([{ type: 'EmailVerified', data: { at: later } }]);
  });

  it('is a no-op once verified, so a second click on the link does no harm', () => {
    given(account, [...member, verificationIssued, { type: 'EmailVerified', data: { at } }]).when({ type: 'VerifyEmail', tokenHash: 'v1', at: later }).then([]);
  });

  it('refuses a wrong, expired, superseded or missing token', () => {
    given(account, [...member, verificationIssued]).when({ type: 'VerifyEmail', tokenHash: 'nope', at }).thenThrows(ValidationError, INVALID_VERIFICATION_LINK);
    given(account, [...member, verificationIssued]).when({ type: 'VerifyEmail', tokenHash: 'v1', at: inAnHour }).thenThrows(ValidationError, INVALID_VERIFICATION_LINK);
    given(account, [...member, verificationIssued, { type: 'EmailVerificationIssued', data: { tokenHash: 'v2', expiresAt: inAnHour, at } }])
      .when({ type: 'VerifyEmail', tokenHash: 'v1', at })
      .thenThrows(ValidationError, INVALID_VERIFICATION_LINK);
    given(account, member).when({ type: 'VerifyEmail', tokenHash: 'v1', at }).thenThrows(ValidationError, INVALID_VERIFICATION_LINK);
  });
});

describe('password reset', () => {
  it('issues a reset token', () => {
    given(account, member).when({ type: 'IssuePasswordReset', tokenHash: 'r1', expiresAt: inAnHour, at }).then([resetIssued]);
  });

  it('completes with the pending token: new password, every session ended', () => {
    given(account, [...member, resetIssued])
      .when({ type: 'CompletePasswordReset', tokenHash: 'r1', passwordHash: 'hash-2', at: later })
      .then([
        { type: 'PasswordResetCompleted', data: { tokenHash: 'r1', at: later } },
        { type: 'PasswordSet', data: { passwordHash: 'hash-2', reason: 'reset', at: later } },
        { type: 'SessionsEnded', data: { sessionVersion: 1, at: later } },
      ]);
  });

  it('refuses a used token', () => {
    given(account, [
      ...member,
      resetIssued,
      { type: 'PasswordResetCompleted', data: { tokenHash: 'r1', at } },
      { type: 'PasswordSet', data: { passwordHash: 'hash-2', reason: 'reset', at } },
    ])
      .when({ type: 'CompletePasswordReset', tokenHash: 'r1', passwordHash: 'hash-3', at: later })
      .thenThrows(ValidationError, INVALID_RESET_TOKEN);
  });

  it('refuses an expired, wrong or superseded token, and one voided by a password change', () => {
    const complete = (tokenHash: string, when = later) => ({ type: 'CompletePasswordReset' as const, tokenHash, passwordHash: 'h', at: when });
    given(account, [...member, resetIssued]).when(complete('r1', inAnHour)).thenThrows(ValidationError, INVALID_RESET_TOKEN);
    given(account, [...member, resetIssued]).when(complete('r2')).thenThrows(ValidationError, INVALID_RESET_TOKEN);
    given(account, [...member, resetIssued, { type: 'PasswordResetIssued', data: { tokenHash: 'r2', expiresAt: inAnHour, at } }])
      .when(complete('r1'))
      .thenThrows(ValidationError, INVALID_RESET_TOKEN);
    given(account, [...member, resetIssued, { type: 'PasswordSet', data: { passwordHash: 'h2', reason: 'change', at } }])
      .when(complete('r1'))
      .thenThrows(ValidationError, INVALID_RESET_TOKEN);
    given(account, member).when(complete('r1')).thenThrows(ValidationError, INVALID_RESET_TOKEN);
  });
});

describe('UpdateInfo', () => {
  it('records a new name and phone', () => {
    given(account, member)
      .when({ type: 'UpdateInfo', name: 'Jane Smith', phone: '+14165550123', at })
      .then([{ type: 'InfoUpdated', data: { name: 'Jane Smith', phone: '+14165550123', at } }]);
  });

  it('records nothing when nothing changed', () => {
    given(account, member).when({ type: 'UpdateInfo', name: 'Jane Doe', phone: null, at }).then([]);
  });
});

describe('RecordSignIn', () => {
  it('records a sign-in', () => {
    given(account, member).when({ type: 'RecordSignIn', at }).then([{ type: 'SignedIn', data: { at } }]);
  });
});

describe('SetCreditsByAdmin', () => {
  // Only realtors spend credits; the rest of these are on a realtor's account.
  const realtor: AccountEvent[] = [{ ...registered, data: { ...registered.data, role: 'realtor' } } as AccountEvent, firstPassword];

  it('refuses to set credits on anyone but a realtor', () => {
    given(account, member).when({ type: 'SetCreditsByAdmin', credits: 5, adminId: 'admin-1', reason: 'goodwill', at }).thenThrows(ValidationError, CREDITS_REALTORS_ONLY);
  });

  it('records the new and the previous balance in the ledger', () => {
    given(account, realtor)
      .when({ type: 'SetCreditsByAdmin', credits: 5, adminId: 'admin-1', reason: 'goodwill', at })
      .then([{ type: 'CreditsSetByAdmin', data: { credits: 5, previousCredits: 0, adminId: 'admin-1', reason: 'goodwill', at } }]);
    given(account, [...realtor, { type: 'CreditsSetByAdmin', data: { credits: 5, previousCredits: 0, adminId: 'admin-1', reason: 'x', at } }])
      .when({ type: 'SetCreditsByAdmin', credits: 0, adminId: 'admin-2', reason: 'correction', at: later })
      .then([{ type: 'CreditsSetByAdmin', data: { credits: 0, previousCredits: 5, adminId: 'admin-2', reason: 'correction', at: later } }]);
  });

  it('records nothing when the balance is already that', () => {
    given(account, realtor).when({ type: 'SetCreditsByAdmin', credits: 0, adminId: 'admin-1', reason: 'x', at }).then([]);
  });

  it('sets the balance when it is still the one the administrator saw', () => {
    given(account, realtor)
      .when({ type: 'SetCreditsByAdmin', credits: 1, expectedCredits: 0, adminId: 'admin-1', reason: 'add 1: goodwill', at })
      .then([{ type: 'CreditsSetByAdmin', data: { credits: 1, previousCredits: 0, adminId: 'admin-1', reason: 'add 1: goodwill', at } }]);
  });

  it('refuses, changing nothing, when the balance moved since the administrator saw it', () => {
    given(account, [...realtor, { type: 'CreditsSetByAdmin', data: { credits: 30, previousCredits: 0, adminId: 'admin-1', reason: 'x', at } }])
      .when({ type: 'SetCreditsByAdmin', credits: 26, expectedCredits: 25, adminId: 'admin-2', reason: 'add 1', at: later })
      .thenThrows(ConflictError, balanceMovedMessage(30));
  });

  it('refuses a negative or fractional balance', () => {
    for (const credits of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      given(account, realtor).when({ type: 'SetCreditsByAdmin', credits, adminId: 'admin-1', reason: 'x', at }).thenThrows(ValidationError, CREDITS_RULE);
    }
  });
});

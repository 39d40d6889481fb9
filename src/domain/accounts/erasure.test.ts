import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import { NotFoundError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { UserId } from './commands';
import { USER_NOT_FOUND, accountErasure } from './erasure';
import type { AccountEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const userId = 'b7a3c1d2-0000-4000-8000-000000000009' as UserId;
const registered: AccountEvent = { type: 'UserRegistered', data: { userId, username: 'rita', email: 'rita@example.com', name: 'Rita Realtor', phone: null, role: 'realtor', at } };
const passwordSet: AccountEvent = { type: 'PasswordSet', data: { passwordHash: 'hash', reason: 'registration', at } };
const erased: AccountEvent[] = [
  { type: 'SessionsEnded', data: { sessionVersion: 1, at } },
  { type: 'AccountErased', data: { at } },
];

describe('EraseAccount', () => {
  it('ends every session, then records the erasure, with no personal value in either', () => {
    given(accountErasure, [registered, passwordSet]).when({ type: 'EraseAccount', at }).then(erased);
  });

  it('leaves an account no password opens', () => {
    const state = foldEvents(accountErasure, [registered, passwordSet, ...erased]);
    expect(state).toMatchObject({ status: 'registered', passwordHash: null, erasedAt: at, sessionVersion: 1 });
  });

  it('is refused for an account that does not exist or is already erased', () => {
    given(accountErasure, []).when({ type: 'EraseAccount', at }).thenThrows(NotFoundError, USER_NOT_FOUND);
    given(accountErasure, [registered, passwordSet, ...erased]).when({ type: 'EraseAccount', at }).thenThrows(NotFoundError, USER_NOT_FOUND);
  });
});

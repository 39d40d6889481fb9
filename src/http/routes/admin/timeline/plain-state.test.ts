import { Map as PersistentMap } from 'immutable';
import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../../../contract/admin/timeline';
import { MAX_ENTRIES, MORE_KEY, changesBetween, isSecretField, readableTime, toPlainState } from './plain-state';

describe('a folded state as an administrator reads it', () => {
  it('masks every secret by its field name, however deep, and keeps nulls as they are', () => {
    const state = { passwordHash: 'scrypt$1$2$3$salt$key', passwordReset: null, emailVerification: { status: 'unverified', pending: { tokenHash: 'abc', expiresAt: 'x' } }, name: 'Rita' };
    expect(toPlainState(state)).toEqual({ passwordHash: SECRET_MASK, passwordReset: null, emailVerification: { status: 'unverified', pending: { tokenHash: SECRET_MASK, expiresAt: 'x' } }, name: 'Rita' });
    expect(['password', 'passwordHash', 'tokenHash', 'resetToken', 'sessionSecret'].every(isSecretField)).toBe(true);
    expect(['passwordReset', 'name', 'hashtag', 'tokens'].some(isSecretField)).toBe(false);
  });

  it('shows a persistent map as a plain object, cut to its first entries with the rest counted', () => {
    const bids = PersistentMap(Array.from({ length: MAX_ENTRIES + 20 }, (_, i) => [`b${i}`, { amount: i }] as [string, { amount: number }]));
    const plain = toPlainState({ bids }).bids as Record<string, unknown>;
    expect(Object.keys(plain)).toHaveLength(MAX_ENTRIES + 1);
    expect(plain.b0).toEqual({ amount: 0 });
    expect(plain[MORE_KEY]).toBe('20 more');
  });

  it('lists the fields an event changed, counting maps and hiding secrets', () => {
    const before = { credits: 3, bids: PersistentMap<string, number>(), passwordHash: 'old', title: 'Loft', images: ['a'] };
    const after = { ...before, credits: 2, bids: before.bids.set('b1', 1), passwordHash: 'new', images: ['a'] };
    expect(changesBetween(before, after)).toEqual([
      { field: 'credits', before: '3', after: '2' },
      { field: 'bids', before: '0 entries', after: '1 entry' },
      { field: 'passwordHash', before: SECRET_MASK, after: SECRET_MASK },
    ]);
    expect(changesBetween({ at: '2026-12-08T19:37:21.138Z' }, { at: '2026-12-09T08:00:00.000Z' })).toEqual([{ field: 'at', before: '2026-12-08 19:37:21 UTC', after: '2026-12-09 08:00:00 UTC' }]);
    expect(readableTime('not a time')).toBe('not a time');
  });
});

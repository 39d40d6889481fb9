import { describe, expect, it } from 'vitest';
import { readSafeRedirect } from './redirect';

describe('readSafeRedirect', () => {
  it('keeps paths on this site, with their query', () => {
    expect(readSafeRedirect('/store?payment_intent=pi_1')).toBe('/store?payment_intent=pi_1');
  });

  it.each([['https://evil.example/'], ['//evil.example'], ['/\\evil.example'], ['home'], [42], [undefined]])(
    'drops %s',
    (value) => {
      expect(readSafeRedirect(value)).toBeUndefined();
    },
  );
});

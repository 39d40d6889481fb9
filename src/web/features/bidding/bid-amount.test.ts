import { describe, expect, it } from 'vitest';
import { checkAmount, minimumBidOf } from './bid-amount';

describe('minimumBidOf', () => {
  it('is the listing’s minimum, else 100, and never below 100', () => {
    expect(minimumBidOf(250)).toBe(250);
    expect(minimumBidOf(null)).toBe(100);
    expect(minimumBidOf(40)).toBe(100);
  });
});

describe('checkAmount', () => {
  it('accepts the minimum and more', () => {
    expect(checkAmount('150', 150)).toBeUndefined();
    expect(checkAmount('150.5', 150)).toBeUndefined();
  });

  it('refuses less, nothing and what is not a number with the server’s message', () => {
    for (const amount of ['149', '', '  ', 'abc', 'Infinity']) expect(checkAmount(amount, 150)).toBe('Bid amount must be at least 150');
  });
});

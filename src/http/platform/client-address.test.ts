import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from './client-address';

describe('resolveClientAddress', () => {
  it('is the TCP peer with TRUST_PROXY=0, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.7', '192.0.2.1', 0)).toBe('203.0.113.7');
    expect(resolveClientAddress('::ffff:203.0.113.7', undefined, 0)).toBe('203.0.113.7');
    expect(resolveClientAddress('2001:db8::1', undefined, 0)).toBe('2001:db8::1');
    expect(resolveClientAddress(undefined, '192.0.2.1', 0)).toBeNull();
  });

  it('skips as many hops from the right as there are trusted proxies', () => {
    // The client forged the first entry; proxy 1 wrote 198.51.100.9, proxy 2 wrote 10.0.0.5 and is the peer's 10.0.0.6.
    const chain = '6.6.6.6, 198.51.100.9, 10.0.0.5';
    expect(resolveClientAddress('10.0.0.6', chain, 1)).toBe('10.0.0.5');
    expect(resolveClientAddress('10.0.0.6', chain, 2)).toBe('198.51.100.9');
    // More hops trusted than the header has: the leftmost entry.
    expect(resolveClientAddress('10.0.0.6', '198.51.100.9', 5)).toBe('198.51.100.9');
  });

  it('uses the peer when a proxy is trusted but sent no header, and refuses what is not an address', () => {
    expect(resolveClientAddress('10.0.0.6', undefined, 1)).toBe('10.0.0.6');
    expect(resolveClientAddress('10.0.0.6', 'unknown, 10.0.0.5', 2)).toBeNull();
    expect(resolveClientAddress('10.0.0.6', ' 2001:db8::7 ', 1)).toBe('2001:db8::7');
  });
});

import { describe, expect, it } from 'vitest';
import { dailySalt, derivePageViewKey, visitorHash } from './visitor-hash';

describe('anonymous visitor hash', () => {
  const key = derivePageViewKey('session-secret-'.repeat(3));

  it('is stable within a day and changes with the day, the address or the browser', () => {
    const today = visitorHash(key, '2026-11-22', '203.0.113.7', 'Browser/1.0');
    expect(today).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash(key, '2026-11-22', '203.0.113.7', 'Browser/1.0')).toBe(today);
    expect(visitorHash(key, '2026-11-23', '203.0.113.7', 'Browser/1.0')).not.toBe(today);
    expect(visitorHash(key, '2026-11-22', '203.0.113.8', 'Browser/1.0')).not.toBe(today);
    expect(visitorHash(key, '2026-11-22', '203.0.113.7', 'Browser/2.0')).not.toBe(today);
  });

  it('depends on the secret, which never appears in the key, the salt or the hash', () => {
    const other = derivePageViewKey('another-secret-'.repeat(3));
    expect(visitorHash(other, '2026-11-22', '203.0.113.7', 'Browser/1.0')).not.toBe(visitorHash(key, '2026-11-22', '203.0.113.7', 'Browser/1.0'));
    expect(key).not.toContain('session-secret');
    expect(dailySalt(key, '2026-11-22')).not.toBe(dailySalt(key, '2026-11-23'));
  });
});

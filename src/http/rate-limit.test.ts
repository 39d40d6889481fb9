import { describe, expect, it } from 'vitest';
import { RateLimitError } from './errors';
import { addressKey, createRateLimiter } from './rate-limit';

const rule = { name: 'test', limit: 3, windowMs: 60_000 };

describe('createRateLimiter', () => {
  it('allows `limit` hits per window and key, then refuses until the window ends', () => {
    let now = 0;
    const limiter = createRateLimiter({ enabled: true, now: () => now });
    for (let i = 0; i < 3; i++) limiter.hit(rule, 'a');
    expect(() => limiter.hit(rule, 'a')).toThrow(RateLimitError);
    expect(() => limiter.hit(rule, 'a')).toThrow('Too many attempts. Please try again in 1 minute.');
    limiter.hit(rule, 'b');
    now = 60_000;
    limiter.hit(rule, 'a');
  });

  it('keeps failure budgets: check refuses a full window, record counts, reset forgets', () => {
    const limiter = createRateLimiter({ enabled: true, now: () => 0 });
    const failures = { name: 'failures', limit: 2, windowMs: 15 * 60_000 };
    limiter.check(failures, 'jane');
    limiter.record(failures, 'jane');
    limiter.record(failures, 'jane');
    expect(limiter.isExhausted(failures, 'jane')).toBe(true);
    expect(() => limiter.check(failures, 'jane')).toThrow('Too many attempts. Please try again in 15 minutes.');
    limiter.reset(failures, 'jane');
    limiter.check(failures, 'jane');
  });

  it('uses the rule message when given, and does nothing when disabled', () => {
    const limiter = createRateLimiter({ enabled: true, now: () => 0 });
    const strict = { ...rule, limit: 0, message: 'Slow down' };
    expect(() => limiter.hit(strict, 'a')).toThrow('Slow down');
    const off = createRateLimiter({ enabled: false, now: () => 0 });
    for (let i = 0; i < 10; i++) off.hit(strict, 'a');
    expect(off.isExhausted(strict, 'a')).toBe(false);
  });
});

describe('addressKey', () => {
  it('keys IPv4 by address and IPv6 by /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:1:2:3:4')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

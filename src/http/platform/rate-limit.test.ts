import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimitError } from '../errors';
import type { RateCounters } from './rate-limit';
import { addressKey, createMemoryRateCounters, createMongoRateCounters, createRateLimiter, createSqliteRateCounters } from './rate-limit';

const rule = { name: 'test', limit: 3, windowMs: 60_000 };
const START = new Date('2026-11-22T10:00:00.000Z');

/** The same behaviour whatever the counters are kept in. */
function describeCounters(kind: string, open: () => Promise<RateCounters>) {
  describe(`createRateLimiter over ${kind} counters`, () => {
    let counters: RateCounters;
    beforeEach(async () => {
      // Only Date: the library reads the time from Date.now(), and the drivers need real timers.
      vi.useFakeTimers({ toFake: ['Date'], now: START });
      counters = await open();
    });
    afterEach(async () => {
      await counters.close();
      vi.useRealTimers();
    });

    it('allows `limit` hits per window and key, then refuses until the window ends', async () => {
      const limiter = createRateLimiter({ enabled: true, counters });
      for (let i = 0; i < 3; i++) await limiter.hit(rule, 'a');
      await expect(limiter.hit(rule, 'a')).rejects.toThrow(RateLimitError);
      await expect(limiter.hit(rule, 'a')).rejects.toThrow('Too many attempts. Please try again in 1 minute.');
      await limiter.hit(rule, 'b');
      vi.setSystemTime(START.getTime() + 60_000);
      await limiter.hit(rule, 'a');
    });

    it('keeps failure budgets: check refuses a full window, record counts, reset forgets', async () => {
      const limiter = createRateLimiter({ enabled: true, counters });
      const failures = { name: 'failures', limit: 2, windowMs: 15 * 60_000 };
      await limiter.check(failures, 'jane');
      await limiter.record(failures, 'jane');
      expect(await limiter.count(failures, 'jane')).toBe(1);
      await limiter.record(failures, 'jane');
      expect(await limiter.isExhausted(failures, 'jane')).toBe(true);
      await expect(limiter.check(failures, 'jane')).rejects.toThrow('Too many attempts. Please try again in 15 minutes.');
      await limiter.reset(failures, 'jane');
      await limiter.check(failures, 'jane');
      expect(await limiter.count(failures, 'jane')).toBe(0);
    });

    it('counts each rule apart for the same key', async () => {
      const limiter = createRateLimiter({ enabled: true, counters });
      const other = { ...rule, name: 'other' };
      for (let i = 0; i < 3; i++) await limiter.hit(rule, 'a');
      await limiter.hit(other, 'a');
      expect(await limiter.count(other, 'a')).toBe(1);
    });

    it('uses the rule message when given, and does nothing when disabled', async () => {
      const limiter = createRateLimiter({ enabled: true, counters });
      const strict = { ...rule, limit: 0, message: 'Slow down' };
      await expect(limiter.hit(strict, 'a')).rejects.toThrow('Slow down');
      const off = createRateLimiter({ enabled: false, counters });
      for (let i = 0; i < 10; i++) await off.hit(strict, 'b');
      expect(await off.isExhausted(strict, 'b')).toBe(false);
    });
  });
}

describeCounters('memory', async () => createMemoryRateCounters());

describeCounters('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rate-limits-'));
  const counters = createSqliteRateCounters(join(dir, 'rate-limits.db'));
  return {
    counter: (r) => counters.counter(r),
    async close() {
      await counters.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

// Needs a MongoDB server (docker-compose provides one); none runs on the build machines.
describe.runIf(Boolean(process.env.MONGODB_URL))('over MongoDB', () => {
  describeCounters('MongoDB', async () => {
    const client = await new MongoClient(process.env.MONGODB_URL ?? '').connect();
    const db = client.db('rate_limit_conformance');
    await db.collection('rate_limits').deleteMany({});
    return createMongoRateCounters(db, () => client.close());
  });
});

describe('SQLite counters', () => {
  it('are one count for every process that opens the same file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rate-limits-'));
    const path = join(dir, 'rate-limits.db');
    const first = createSqliteRateCounters(path);
    const second = createSqliteRateCounters(path);
    try {
      const a = createRateLimiter({ enabled: true, counters: first });
      const b = createRateLimiter({ enabled: true, counters: second });
      await a.hit(rule, 'shared');
      await b.hit(rule, 'shared');
      await a.hit(rule, 'shared');
      await expect(b.hit(rule, 'shared')).rejects.toThrow(RateLimitError);
    } finally {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
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

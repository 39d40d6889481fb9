import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { RateLimitError } from './errors';

/*
 * Fixed-window counters in memory, per node: enough to slow down password
 * guessing and mail bombing from one address or against one account. Several
 * nodes each count on their own, so the effective limit is the sum; the limits
 * in docs/decisions/0007-accounts.md are set with that in mind.
 */

export interface RateRule {
  /** Names the counter, so one key can be counted by several rules. */
  name: string;
  limit: number;
  windowMs: number;
  /** The 429 message; by default it says when to come back. */
  message?: string;
}

export interface RateLimiter {
  /** Counts one attempt; throws RateLimitError once `rule.limit` attempts fell in the window. */
  hit(rule: RateRule, key: string): void;
  /** Throws RateLimitError when the window is already full, without counting (for failure budgets). */
  check(rule: RateRule, key: string): void;
  /** Counts without throwing: a failure spent from a budget checked with `check`. */
  record(rule: RateRule, key: string): void;
  /** True when the window is full, without counting or throwing. */
  isExhausted(rule: RateRule, key: string): boolean;
  /** Forgets the key, e.g. an account's failures after a successful sign-in. */
  reset(rule: RateRule, key: string): void;
}

interface Window {
  count: number;
  endsAt: number;
}

const SWEEP_ABOVE = 10_000;
const HARD_CAP = 200_000;

export function createRateLimiter(options: { enabled: boolean; now: () => number }): RateLimiter {
  const windows = new Map<string, Window>();

  const current = (rule: RateRule, key: string): { id: string; window: Window | undefined; now: number } => {
    const id = `${rule.name}\u0000${key}`;
    const now = options.now();
    const window = windows.get(id);
    if (window && window.endsAt <= now) {
      windows.delete(id);
      return { id, window: undefined, now };
    }
    return { id, window, now };
  };

  const sweep = (now: number) => {
    if (windows.size <= SWEEP_ABOVE) return;
    for (const [id, window] of windows) if (window.endsAt <= now) windows.delete(id);
    // Under a flood of distinct keys, forgetting everything beats running out of memory.
    if (windows.size > HARD_CAP) windows.clear();
  };

  const refuse = (rule: RateRule, window: Window, now: number): never => {
    const minutes = Math.max(1, Math.ceil((window.endsAt - now) / 60_000));
    throw new RateLimitError(rule.message ?? `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  };

  const count = (rule: RateRule, key: string): { window: Window; now: number } => {
    const { id, window, now } = current(rule, key);
    const next = window ?? { count: 0, endsAt: now + rule.windowMs };
    next.count++;
    if (!window) {
      sweep(now);
      windows.set(id, next);
    }
    return { window: next, now };
  };

  return {
    hit(rule, key) {
      if (!options.enabled) return;
      const { window, now } = count(rule, key);
      if (window.count > rule.limit) refuse(rule, window, now);
    },
    check(rule, key) {
      if (!options.enabled) return;
      const { window, now } = current(rule, key);
      if (window && window.count >= rule.limit) refuse(rule, window, now);
    },
    record(rule, key) {
      if (options.enabled) count(rule, key);
    },
    isExhausted(rule, key) {
      if (!options.enabled) return false;
      const { window } = current(rule, key);
      return window !== undefined && window.count >= rule.limit;
    },
    reset(rule, key) {
      windows.delete(`${rule.name}\u0000${key}`);
    },
  };
}

/**
 * The address the request came from: the TCP peer. X-Forwarded-For is not
 * trusted, because the app is served directly (docker-compose publishes its
 * port) and anyone can send that header to dodge per-address limits. Behind a
 * reverse proxy every request would share the proxy's address; trusting its
 * header then needs a setting, see docs/decisions/0007-accounts.md.
 * Requests made in-process (tests) have no socket: they count as 'local'.
 */
export function clientAddress(c: Context): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  return address ? addressKey(address) : 'local';
}

/**
 * One key per IPv4 address, and per /64 for IPv6, since a single IPv6 host
 * usually controls a whole /64 and could rotate through it.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const bare = address.toLowerCase().split('%')[0] ?? '';
  const [head = '', tail = ''] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = bare.includes('::') && tail ? tail.split(':') : [];
  const groups = bare.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

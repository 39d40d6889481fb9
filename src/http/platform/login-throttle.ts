import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimiter, RateRule } from './rate-limit';

/*
 * Password guessing against one account, for users' and administrators'
 * sign-in alike (decision 0026). Failures count per account, whichever name
 * or email was typed, in two ways:
 * - per (account, address): after `perAddress.limit` failures that address
 *   waits out the window, even with the right password;
 * - per account from anywhere: beyond `perAccount.limit` every attempt on the
 *   account is slowed down, never refused, so guessing from many addresses
 *   gets slow while the owner, from an address that did not fail, still gets in.
 */

export interface LoginRules {
  perAddress: RateRule;
  perAccount: RateRule;
}

/** The most an attempt waits: long enough to slow a script down, short enough for a person. */
export const MAX_LOGIN_DELAY_MS = 5000;

/** 250 ms for the first failure past the limit, doubling with each further one, up to MAX_LOGIN_DELAY_MS. */
export function loginDelayMs(failures: number, limit: number): number {
  const excess = failures - limit;
  return excess <= 0 ? 0 : Math.min(MAX_LOGIN_DELAY_MS, 250 * 2 ** Math.min(excess - 1, 16));
}

export interface LoginThrottle {
  /** Before the password is checked: refuses an address out of tries on this account, then waits if the account is under attack. */
  before(accountKey: string, addressKey: string): Promise<void>;
  failed(accountKey: string, addressKey: string): Promise<void>;
  /** The account-wide count stays: the owner signing in says nothing about the other addresses. */
  succeeded(accountKey: string, addressKey: string): Promise<void>;
}

export function createLoginThrottle(limiter: RateLimiter, rules: LoginRules): LoginThrottle {
  const pair = (accountKey: string, addressKey: string) => `${accountKey}@${addressKey}`;
  return {
    async before(accountKey, addressKey) {
      await limiter.check(rules.perAddress, pair(accountKey, addressKey));
      const delay = loginDelayMs(await limiter.count(rules.perAccount, accountKey), rules.perAccount.limit);
      if (delay > 0) await sleep(delay);
    },
    async failed(accountKey, addressKey) {
      await limiter.record(rules.perAddress, pair(accountKey, addressKey));
      await limiter.record(rules.perAccount, accountKey);
    },
    async succeeded(accountKey, addressKey) {
      await limiter.reset(rules.perAddress, pair(accountKey, addressKey));
    },
  };
}

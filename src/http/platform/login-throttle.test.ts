import { describe, expect, it } from 'vitest';
import { MAX_LOGIN_DELAY_MS, loginDelayMs } from './login-throttle';

describe('loginDelayMs', () => {
  it('waits nothing up to the limit, then 250 ms doubling with each failure, never more than 5 s', () => {
    expect([0, 9, 10].map((failures) => loginDelayMs(failures, 10))).toEqual([0, 0, 0]);
    expect([11, 12, 13, 14, 15].map((failures) => loginDelayMs(failures, 10))).toEqual([250, 500, 1000, 2000, 4000]);
    expect(loginDelayMs(16, 10)).toBe(MAX_LOGIN_DELAY_MS);
    expect(loginDelayMs(10_000, 10)).toBe(MAX_LOGIN_DELAY_MS);
  });
});

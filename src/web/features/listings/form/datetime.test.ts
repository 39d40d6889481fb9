import { describe, expect, it } from 'vitest';
import { defaultBiddingEnd, fromDateTimeLocal, toDateTimeLocal } from './datetime';

describe('bidding end field', () => {
  it('round-trips a local date and time through the datetime-local format', () => {
    const date = new Date(2026, 2, 20, 15, 7);
    expect(toDateTimeLocal(date)).toBe('2026-03-20T15:07');
    expect(fromDateTimeLocal('2026-03-20T15:07')).toBe(date.toISOString());
  });

  it('defaults to 14 days ahead', () => {
    const now = new Date(2026, 0, 1, 9, 30).getTime();
    expect(defaultBiddingEnd(now)).toBe('2026-01-15T09:30');
  });

  it('refuses what is not a date and time', () => {
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('tomorrow')).toBeNull();
    expect(fromDateTimeLocal('2026-13-45T99:99')).toBeNull();
  });
});

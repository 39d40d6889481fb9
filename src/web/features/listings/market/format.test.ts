import { describe, expect, it } from 'vitest';
import { formatHoursToFirstBid } from './format';

describe('formatHoursToFirstBid', () => {
  it('says there is not enough data for a withheld median, and picks minutes, hours or days', () => {
    expect(formatHoursToFirstBid(null)).toBe('Not enough data yet');
    expect(formatHoursToFirstBid(0)).toBe('Under 3 min');
    expect(formatHoursToFirstBid(0.5)).toBe('30 min');
    expect(formatHoursToFirstBid(1)).toBe('1 hour');
    expect(formatHoursToFirstBid(5.5)).toBe('5.5 hours');
    expect(formatHoursToFirstBid(60)).toBe('2.5 days');
  });
});

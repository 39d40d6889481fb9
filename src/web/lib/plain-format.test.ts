import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';
import { formatDateTimePlain, formatNumber } from './plain-format';

describe('formatting without a formatter where it says the same', () => {
  it('writes numbers as Intl does, to a tenth, grouped from 1,000', () => {
    const values = [0, 1, 2.5, 0.15, 0.25, 0.05, 1.45, 2.35, 12, 99.99, 100.04, 999.9, 999.94, 999.95, 999.96, 1000, 1234.56, 98765, -1, -2.35];
    for (let tenth = 0; tenth < 20_000; tenth += 7) values.push(tenth / 10, tenth / 100 + 0.005);
    for (const value of values) expect(formatNumber(value), String(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 1 }));
  });

  it("writes a date and time as formatDateTime does, in the browser's time zone, but with a plain space before AM/PM", () => {
    const instants = ['2026-03-20T15:00:00Z', '2026-11-28T00:05:00Z', '2026-11-28T12:00:00Z', '2026-01-01T23:59:00Z', '2027-07-04T09:30:00Z'];
    for (const iso of instants) expect(formatDateTimePlain(iso), iso).toBe(formatDateTime(iso).replace(/\u202f/g, ' '));
    expect(formatDateTimePlain('not a date')).toBe('not a date');
  });
});

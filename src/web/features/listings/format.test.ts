import { describe, expect, it } from 'vitest';
import { formatLongDateTime as formatLongDate } from '../../lib/format';
import { formatTimeLeft, isBiddingOpen, overallVibeScore, vibeLabels } from './format';

describe('listing formats', () => {
  it('rounds the overall vibe score to the nearest whole number', () => {
    expect(overallVibeScore({ cafes: 80, greenery: 70, schools: 90, safety: 85, transit: 60, community: 76 })).toBe(77);
    expect(overallVibeScore({ cafes: 0, greenery: 0, schools: 0, safety: 0, transit: 0, community: 3 })).toBe(1);
    expect(overallVibeScore({ cafes: 100, greenery: 100, schools: 100, safety: 100, transit: 100, community: 100 })).toBe(100);
  });

  it('labels the six categories as the spec names them', () => {
    expect(Object.values(vibeLabels)).toEqual(['Café Scene', 'Green Spaces', 'Education', 'Safety', 'Transit', 'Community']);
  });

  it('counts down to the bidding end, and says nothing once it has passed', () => {
    const end = '2026-03-20T12:00:00.000Z';
    const at = (iso: string) => new Date(iso).getTime();
    expect(formatTimeLeft(end, at('2026-03-18T09:56:51.000Z'))).toBe('2d 2h 03m 09s');
    expect(formatTimeLeft(end, at('2026-03-20T10:59:00.000Z'))).toBe('1h 01m 00s');
    expect(formatTimeLeft(end, at('2026-03-20T11:59:58.500Z'))).toBe('0m 01s');
    expect(formatTimeLeft(end, at('2026-03-20T12:00:00.000Z'))).toBeNull();
    expect(isBiddingOpen(end, at('2026-03-20T11:59:59.999Z'))).toBe(true);
    expect(isBiddingOpen(end, at('2026-03-20T12:00:00.000Z'))).toBe(false);
  });

  it('writes the bidding end in long format', () => {
    expect(formatLongDate('2026-03-20T12:00:00.000Z')).toMatch(/^March 2\d, 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
  });
});

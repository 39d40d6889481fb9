import { formatNumber } from '../../../lib/plain-format';

/** 'Not enough data yet' where the median was withheld; else minutes, hours or days, whichever reads best. */
export function formatHoursToFirstBid(hours: number | null): string {
  if (hours === null) return 'Not enough data yet';
  // The server rounds to a tenth of an hour, so 0 means under three minutes.
  if (hours === 0) return 'Under 3 min';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${formatNumber(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${formatNumber(Math.round((hours / 24) * 10) / 10)} days`;
}

export { formatNumber };

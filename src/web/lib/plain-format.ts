import { lazily } from './lazily';

/*
 * The first Intl formatter a page makes costs tens of milliseconds on a phone (its locale data loads): /home's count
 * and /market's figures and date need none, so they are written without one where the result is the same
 * (docs/decisions/0058). A module of its own, so the entry, which every page loads, does not carry it.
 */

const decimal = lazily(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));

/** '12', '2.5', '1,234.5': to a tenth at most, as Intl writes it. Below 1,000 there is nothing to group: no formatter is made. */
export function formatNumber(value: number): string {
  // 999.95 and up rounds to 1,000, which is grouped; negatives and the tiny (written with an exponent) go to Intl.
  const written = String(value);
  if (!(value >= 0 && value < 999.95) || written.includes('e')) return decimal().format(value);
  // Intl rounds the number as written (its shortest form: 0.15, not the binary 0.1499…), half away from zero.
  const [whole = '0', fraction = ''] = written.split('.');
  const tenths = Number(whole) * 10 + Number(fraction[0] ?? '0') + ((fraction[1] ?? '0') >= '5' ? 1 : 0);
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 20, 2026, 3:00 PM' in the browser's time zone, as `formatDateTime` (lib/format.ts) says it, without making a formatter. */
export function formatDateTimePlain(iso: string): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  const hours = value.getHours();
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${String(value.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[value.getMonth()]} ${value.getDate()}, ${value.getFullYear()}, ${time}`;
}

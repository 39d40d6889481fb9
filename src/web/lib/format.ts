import { lazily } from './lazily';

/*
 * How the product writes money and dates, in one place for every feature
 * (en-US, as the spec's examples).
 */

// Made on first use (lib/lazily.ts): most pages use one of these or none.
const money = lazily(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 }));
const longDate = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));
const longDateTime = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }));
const mediumDate = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const mediumDateTime = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const decimal = lazily(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));

/*
 * The first Intl formatter a page makes costs tens of milliseconds on a phone (its locale data loads): /home's count
 * and /market's figures and date need none, so they are written without one where the result is the same
 * (docs/decisions/0058).
 */

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

/** 'Mar 20, 2026, 3:00 PM' in the browser's time zone, as `formatDateTime` says it, without making a formatter. */
export function formatDateTimePlain(iso: string): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  const hours = value.getHours();
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${String(value.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[value.getMonth()]} ${value.getDate()}, ${value.getFullYear()}, ${time}`;
}

/** Bid amounts are dollars, not cents ('$150'; cents only when there are some). */
export function formatAmount(amount: number): string {
  return money().format(amount);
}

/** 'March 20, 2026'; '—' for no date. */
export function formatLongDate(iso: string | null): string {
  return withDate(iso, longDate);
}

/** 'March 20, 2026 at 3:00 PM': the bidding end. */
export function formatLongDateTime(iso: string): string {
  return withDate(iso, longDateTime);
}

/** 'Mar 20, 2026'; '—' for no date. */
export function formatDate(iso: string | null): string {
  return withDate(iso, mediumDate);
}

/** 'Mar 20, 2026, 3:00 PM'. */
export function formatDateTime(iso: string): string {
  return withDate(iso, mediumDateTime);
}

// A value that is not a date is shown as it came, rather than as 'Invalid Date'.
function withDate(iso: string | null, format: () => Intl.DateTimeFormat): string {
  if (iso === null) return '—';
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? iso : format().format(value);
}

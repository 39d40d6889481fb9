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

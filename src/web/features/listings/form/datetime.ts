import { BIDDING_PERIOD_DAYS } from '../../../../contract/listings/listing-requests';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A datetime-local value ("YYYY-MM-DDTHH:mm") for `date` in the browser's time zone. */
export function toDateTimeLocal(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The default bidding end: the spec's 14 days from now, to the minute. */
export function defaultBiddingEnd(now = Date.now()): string {
  return toDateTimeLocal(new Date(now + BIDDING_PERIOD_DAYS * DAY_MS));
}

/** The datetime-local value as an ISO instant (UTC, which the server's rule accepts), or null when unreadable. */
export function fromDateTimeLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

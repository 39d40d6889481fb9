const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Bid amounts are whole dollars (the minimum is 100), not cents. */
export function formatAmount(amount: number): string {
  return money.format(amount);
}

export function formatLongDate(iso: string | null): string {
  if (iso === null) return '—';
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? iso : longDate.format(value);
}

export function formatDate(iso: string | null): string {
  if (iso === null) return '—';
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? iso : mediumDate.format(value);
}

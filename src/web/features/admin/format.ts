import type { AdminRole } from '../../../contract/admin/admins';
import { formatDateTime } from '../../lib/format';
import { lazily } from '../../lib/lazily';

export { formatDate, formatDateTime } from '../../lib/format';

// Made on first use: this module is in every page's first scripts, and most pages format nothing with it.
const dollars = lazily(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const counts = lazily(() => new Intl.NumberFormat('en-US'));
const relative = lazily(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

/** Money is stored in cents and shown in dollars with two decimals (spec section 9). */
export function formatCents(cents: number): string {
  return dollars().format(cents / 100);
}

export function formatCount(value: number): string {
  return counts().format(value);
}

/** "2 minutes ago" for the last day, else the date and time. */
export function formatWhen(iso: string, now: number = Date.now()): string {
  const value = new Date(iso).getTime();
  if (Number.isNaN(value)) return iso;
  const seconds = Math.round((value - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative().format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative().format(hours, 'hour');
  return formatDateTime(iso);
}

const roleLabels: Record<AdminRole, string> = { super_admin: 'Super Admin', admin: 'Admin', moderator: 'Moderator' };

export function formatAdminRole(role: AdminRole): string {
  return roleLabels[role];
}

/** snake_case or kebab-case codes (user_updated, admin-users) as words. */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

import { describe, expect, it } from 'vitest';
import { adminUserUpdateSchema, createAdminSchema } from '../../../contract/admin/admins';
import { formatCents, formatWhen } from './format';
import { ADMIN_TABS, parseAdminTab } from './tab-names';
import { validateForm } from './validation';

describe('admin portal helpers', () => {
  it('shows revenue in dollars with two decimals from cents', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(1500)).toBe('$15.00');
  });

  it('says how long ago an entry happened within the day, and the date after', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(formatWhen('2025-03-10T11:59:50Z', now)).toBe('just now');
    expect(formatWhen('2025-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatWhen('2025-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatWhen('2025-03-08T09:00:00Z', now)).toMatch(/^Mar 8, 2025/);
  });

  it('keeps only known tabs from the URL, in the spec order', () => {
    expect(ADMIN_TABS).toEqual(['users', 'homeowners', 'realtors', 'properties', 'bids', 'reviews', 'payments', 'legal-documents', 'activity']);
    expect(parseAdminTab('activity')).toBe('activity');
    expect(parseAdminTab('settings')).toBeUndefined();
    expect(parseAdminTab(undefined)).toBeUndefined();
  });

  it('gives the first message per field from the shared rules, or the parsed data', () => {
    expect(validateForm(adminUserUpdateSchema, { credits: '', password: '' })).toEqual({ ok: true, data: {} });
    expect(validateForm(adminUserUpdateSchema, { credits: ' 12 ', password: '' })).toEqual({ ok: true, data: { credits: 12 } });
    expect(validateForm(adminUserUpdateSchema, { credits: '1.5', password: '12345' })).toEqual({
      ok: false,
      errors: { credits: 'Credits must be a whole number of at least 0', password: 'Password must be at least 6 characters long' },
    });
    const created = validateForm(createAdminSchema, { username: '', password: '', name: '', email: '', role: 'admin' });
    expect(created).toEqual({
      ok: false,
      errors: { username: 'Username is required', password: 'Password is required', name: 'Name is required', email: 'Email is required' },
    });
  });
});

// The portal's tabs in their spec order (section 2). The active one is kept in
// the URL (?tab=…) so a reload or a shared link opens the same tab.
export const ADMIN_TABS = ['users', 'homeowners', 'realtors', 'properties', 'bids', 'payments', 'legal-documents', 'activity'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'users';

export function parseAdminTab(value: unknown): AdminTab | undefined {
  return ADMIN_TABS.find((tab) => tab === value);
}

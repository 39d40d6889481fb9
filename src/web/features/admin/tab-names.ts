// The portal's tabs in their spec order (section 2). Each is a route of its
// own, /admin/<tab>, so links, reloads and back/forward open the same tab.
export const ADMIN_TABS = ['users', 'homeowners', 'realtors', 'properties', 'bids', 'reviews', 'payments', 'legal-documents', 'activity'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'users';

/** Other names a link may use for a tab: the Homeowners tab is the verification queue. */
const TAB_ALIASES: Record<string, AdminTab> = { verifications: 'homeowners' };

export function parseAdminTab(value: unknown): AdminTab | undefined {
  if (typeof value !== 'string') return undefined;
  return ADMIN_TABS.find((tab) => tab === value) ?? (Object.hasOwn(TAB_ALIASES, value) ? TAB_ALIASES[value] : undefined);
}

import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminLoadError } from '../features/admin/admin-load-error';
import { AdminRoute } from '../features/admin/admin-route';
import { loadAdmin } from '../features/admin/queries';
import { DEFAULT_ADMIN_TAB, parseAdminTab } from '../features/admin/tab-names';

/** /admin: the login form, or the portal on its first tab. Links of the form /admin?tab=… open /admin/<tab>. */
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ search }) => {
    const tab = parseAdminTab((search as Record<string, unknown>).tab);
    if (tab !== undefined) throw redirect({ to: '/admin/$tab', params: { tab }, replace: true });
  },
  loader: ({ context: { queryClient } }) => loadAdmin(queryClient),
  component: () => <AdminRoute tab={DEFAULT_ADMIN_TAB} />,
  errorComponent: AdminLoadError,
});

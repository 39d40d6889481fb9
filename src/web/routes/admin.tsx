import { createFileRoute } from '@tanstack/react-router';
import { AdminLoadError } from '../features/admin/admin-load-error';
import { AdminScreen } from '../features/admin/admin-screen';
import { adminMeQuery, dashboardQuery } from '../features/admin/queries';
import { DEFAULT_ADMIN_TAB, parseAdminTab, type AdminTab } from '../features/admin/tab-names';

export const Route = createFileRoute('/admin')({
  validateSearch: (search: Record<string, unknown>): { tab?: AdminTab } => {
    const tab = parseAdminTab(search.tab);
    return tab === undefined ? {} : { tab };
  },
  loader: async ({ context: { queryClient } }) => {
    const admin = await queryClient.ensureQueryData(adminMeQuery());
    // Started, not awaited: the stat cards show skeletons rather than holding the page.
    if (admin !== null) void queryClient.prefetchQuery(dashboardQuery());
  },
  component: AdminRoute,
  errorComponent: AdminLoadError,
});

function AdminRoute() {
  const { tab = DEFAULT_ADMIN_TAB } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminScreen
      tab={tab}
      onTabChange={(next) => {
        void navigate({ search: next === DEFAULT_ADMIN_TAB ? {} : { tab: next }, replace: true, resetScroll: false });
      }}
    />
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AdminScreen } from './admin-screen';
import { adminMeQuery, dashboardQuery } from './queries';
import type { AdminTab } from './tab-names';

/** What /admin and /admin/<tab> load before they render: the administrator, and the stat cards started. */
export async function loadAdmin(queryClient: QueryClient): Promise<void> {
  const admin = await queryClient.ensureQueryData(adminMeQuery());
  // Started, not awaited: the stat cards show skeletons rather than holding the page.
  if (admin !== null) void queryClient.prefetchQuery(dashboardQuery());
}

/** The portal on `tab`; choosing another tab opens its route, so back and forward move between tabs. */
export function AdminRoute({ tab }: { tab: AdminTab }) {
  const navigate = useNavigate();
  return <AdminScreen tab={tab} onTabChange={(next) => void navigate({ to: '/admin/$tab', params: { tab: next }, resetScroll: false })} />;
}

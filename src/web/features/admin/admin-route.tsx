import { useNavigate } from '@tanstack/react-router';
import { AdminScreen } from './admin-screen';
import type { AdminTab } from './tab-names';

/** The portal on `tab`; choosing another tab opens its route, so back and forward move between tabs. */
export function AdminRoute({ tab }: { tab: AdminTab }) {
  const navigate = useNavigate();
  return <AdminScreen tab={tab} onTabChange={(next) => void navigate({ to: '/admin/$tab', params: { tab: next }, resetScroll: false })} />;
}

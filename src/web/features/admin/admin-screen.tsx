import { useSuspenseQuery } from '@tanstack/react-query';
import { AdminLogin } from './admin-login';
import { AdminPortal } from './portal';
import { adminMeQuery } from './queries';
import type { AdminTab } from './tab-names';

/** /admin: the login form when signed out, the portal when signed in (spec section 4 'Admin session'). */
export function AdminScreen({ tab, onTabChange }: { tab: AdminTab; onTabChange: (tab: AdminTab) => void }) {
  const { data: admin } = useSuspenseQuery(adminMeQuery());
  if (admin === null) return <AdminLogin />;
  return <AdminPortal admin={admin} tab={tab} onTabChange={onTabChange} />;
}

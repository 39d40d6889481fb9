import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminLoadError } from '../features/admin/admin-load-error';
import { AdminRoute } from '../features/admin/admin-route';
import { loadAdmin } from '../features/admin/queries';
import { parseAdminTab } from '../features/admin/tab-names';
import { parseQueueSearch, type QueueSearch } from '../features/admin/verifications/types';

/** /admin/<tab> (and /admin/verifications for the Homeowners tab): one route per tab; the queue's filters ride in the search. */
export const Route = createFileRoute('/admin_/$tab')({
  validateSearch: (search: Record<string, unknown>): QueueSearch => parseQueueSearch(search),
  beforeLoad: ({ params }) => {
    if (parseAdminTab(params.tab) === undefined) throw notFound();
  },
  loader: ({ context: { queryClient } }) => loadAdmin(queryClient),
  head: () => ({ meta: [{ title: 'Admin Portal · BidHome' }] }),
  component: TabRoute,
  errorComponent: AdminLoadError,
});

function TabRoute() {
  const { tab } = Route.useParams();
  const tabName = parseAdminTab(tab);
  return tabName === undefined ? null : <AdminRoute tab={tabName} />;
}

import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminLoadError } from '../features/admin/admin-load-error';
import { adminMeQuery } from '../features/admin/queries';
import { parseTimelineKind, parseTimelineSearch, type TimelineSearch } from '../features/admin/timeline/queries';
import { TimelineScreen } from '../features/admin/timeline/timeline-screen';

/** /admin/timeline/<listing|account>/<id>: one record's events and its state at a moment, read-only (docs/decisions/0041). */
export const Route = createFileRoute('/admin_/timeline/$kind/$id')({
  validateSearch: (search: Record<string, unknown>): TimelineSearch => parseTimelineSearch(search),
  beforeLoad: ({ params }) => {
    if (parseTimelineKind(params.kind) === undefined) throw notFound();
  },
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminMeQuery()),
  head: () => ({ meta: [{ title: 'Timeline · Admin Portal · BidHome' }] }),
  component: TimelineRoute,
  errorComponent: AdminLoadError,
});

function TimelineRoute() {
  const { kind, id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const timelineKind = parseTimelineKind(kind);
  if (timelineKind === undefined) return null;
  return <TimelineScreen kind={timelineKind} id={id} search={search} onSearch={(next) => void navigate({ search: next, resetScroll: false })} />;
}

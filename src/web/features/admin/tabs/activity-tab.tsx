import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { ActivityList } from '../activity/activity-list';
import { Pager } from '../activity/pager';
import { formatCount } from '../format';
import { PageViewsSection } from '../page-views/page-views-section';
import { activityQuery } from '../queries';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ActivityIcon } from '../../../components/ui/icons';
import { SectionCard } from '../../../components/ui/section-card';
import { SkeletonRows } from '../../../components/ui/skeleton';
import type { AdminTabProps } from './tab-props';

// Page views sit above the log: both say what happened, the log per action, page views per page and day.
// New entries arrive through the socket: lib/realtime.ts invalidates
// ['admin', 'activity'] on each `activity` push and the shown page refetches.
export function ActivityTab({ search }: AdminTabProps) {
  // The page belongs to the search it was chosen for; a new term starts at page 1.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const activity = useQuery(activityQuery({ search, page }));
  const data = activity.data;
  const pageCount = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / data.pageSize));

  return (
    <div className="flex flex-col gap-6">
      <PageViewsSection />
      <SectionCard
        title="Activity log"
        description={data === undefined ? 'Everything administrators and users did, newest first' : describeTotal(data.total, search)}
        actions={activity.isFetching && data !== undefined ? <Spinner size="sm" label="Updating activity" /> : undefined}
      >
        {activity.isError ? (
          <ErrorState title="Failed to load the activity log" error={activity.error} onRetry={() => void activity.refetch()} />
        ) : data === undefined ? (
          <SkeletonRows rows={6} label="Loading activity" />
        ) : data.entries.length === 0 ? (
          <EmptyState
            className="border-0 py-10"
            icon={<ActivityIcon />}
            title={search === '' ? 'No activity yet' : 'No activity matches your search'}
            description={
              search === ''
                ? 'Sign-ins, account changes and admin actions are recorded here as they happen.'
                : `Nothing in the log mentions “${search}”.`
            }
          />
        ) : (
          <div className="flex flex-col gap-4">
            {/* Keyed by what is shown, so only entries that arrive live on this page are highlighted. */}
            <ActivityList key={`${search}\u0000${page}`} entries={data.entries} />
            <Pager page={data.page} pageCount={pageCount} onPageChange={(next) => setPaging({ search, page: next })} />
          </div>
        )}
      </SectionCard>
    </div>
  );
}

function describeTotal(total: number, search: string): string {
  const entries = `${formatCount(total)} ${total === 1 ? 'entry' : 'entries'}, newest first`;
  return search === '' ? entries : `${entries}, matching “${search}”`;
}

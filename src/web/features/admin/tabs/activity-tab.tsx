import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { ActivityList } from '../activity/activity-list';
import type { ActivityFilters } from '../activity/queries';
import { ACTION_OPTIONS, ACTOR_TYPE_OPTIONS, TARGET_TYPE_OPTIONS, activityCsvHref, activityQuery } from '../activity/queries';
import { formatCount } from '../format';
import { FilterDay, FilterSelect, ListFilters } from '../list-filters';
import { listItems, listTotal } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { PageViewsSection } from '../page-views/page-views-section';
import { buttonVariants } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ActivityIcon, DownloadIcon } from '../../../components/ui/icons';
import { XIcon } from '../../../components/ui/shell-icons';
import { SectionCard } from '../../../components/ui/section-card';
import { SkeletonRows } from '../../../components/ui/skeleton';
import type { AdminTabProps } from './tab-props';

const NOUN = { one: 'entry', many: 'entries' };

// Page views sit above the log: both say what happened, the log per action, page views per page and day.
// New entries arrive through the socket: lib/realtime.ts invalidates
// ['admin', 'activity'] on each `activity` push and the loaded pages refetch.
export function ActivityTab({ search }: AdminTabProps) {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const activity = useInfiniteQuery(activityQuery(search, filters));
  const entries = listItems(activity.data);
  const total = listTotal(activity.data);
  const filtered = search !== '' || Object.values(filters).some((value) => value !== undefined);
  const change = (next: Partial<ActivityFilters>) => setFilters((current) => ({ ...current, ...next }));

  return (
    <div className="flex flex-col gap-6">
      <PageViewsSection />
      <SectionCard
        title="Activity log"
        description={entries === undefined ? 'Everything administrators and users did, newest first' : describeTotal(total, search)}
        actions={
          <div className="flex items-center gap-2">
            {activity.isFetching && !activity.isFetchingNextPage && entries !== undefined && <Spinner size="sm" label="Updating activity" />}
            <a href={activityCsvHref(search, filters)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <DownloadIcon />
              Download CSV
            </a>
          </div>
        }
      >
        <ListFilters label="Filter activity">
          <FilterSelect label="Actor" value={filters.actorType} options={ACTOR_TYPE_OPTIONS} anyLabel="Anyone" onChange={(actorType) => change({ actorType })} />
          <FilterSelect label="Action" value={filters.action} options={ACTION_OPTIONS} anyLabel="Any action" onChange={(action) => change({ action })} />
          <FilterSelect label="Target" value={filters.targetType} options={TARGET_TYPE_OPTIONS} anyLabel="Any target" onChange={(targetType) => change({ targetType })} />
          <FilterDay label="From" value={filters.from} onChange={(from) => change({ from })} />
          <FilterDay label="To" value={filters.to} onChange={(to) => change({ to })} />
          {filters.actorId !== undefined && (
            <button
              type="button"
              onClick={() => change({ actorId: undefined, actorName: undefined })}
              className="inline-flex h-8 items-center gap-1 rounded-full border border-border bg-secondary px-3 text-xs font-medium [&_svg]:size-3"
              aria-label={`Show everyone, not only ${filters.actorName ?? 'this actor'}`}
            >
              Only {filters.actorName ?? 'one actor'}
              <XIcon />
            </button>
          )}
        </ListFilters>
        {activity.isError ? (
          <ErrorState title="Failed to load the activity log" error={activity.error} onRetry={() => void activity.refetch()} />
        ) : entries === undefined ? (
          <SkeletonRows rows={6} label="Loading activity" />
        ) : entries.length === 0 ? (
          <EmptyState
            className="border-0 py-10"
            icon={<ActivityIcon />}
            title={filtered ? 'No activity matches' : 'No activity yet'}
            description={
              !filtered
                ? 'Sign-ins, account changes and admin actions are recorded here as they happen.'
                : search === ''
                  ? 'Nothing in the log matches these filters.'
                  : `Nothing in the log mentions “${search}”.`
            }
          />
        ) : (
          <>
            {/* Keyed by what is shown, so only entries that arrive live are highlighted. */}
            <ActivityList key={JSON.stringify([search, filters])} entries={entries} onActor={({ id, name }) => change({ actorId: id, actorName: name })} />
            <PagedListFooter query={activity} noun={NOUN} />
          </>
        )}
      </SectionCard>
    </div>
  );
}

function describeTotal(total: number, search: string): string {
  const entries = `${formatCount(total)} ${total === 1 ? 'entry' : 'entries'}, newest first`;
  return search === '' ? entries : `${entries}, matching “${search}”`;
}

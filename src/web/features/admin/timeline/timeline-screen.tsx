import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TimelineKind } from '../../../../contract/admin/timeline';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api';
import { ChevronLeftIcon, ClockIcon } from '../../../components/ui/icons';
import { QueryStates } from '../../../components/ui/query-states';
import { SectionCard } from '../../../components/ui/section-card';
import { AdminLogin } from '../admin-login';
import { PagedListFooter } from '../paged-list-footer';
import { firstPage, listItems } from '../paged-list';
import { PortalHeader } from '../portal-header';
import { adminMeQuery } from '../queries';
import type { Admin } from '../types';
import { useSessionExpiry } from '../use-session-expiry';
import { TimelineEventList } from './event-list';
import { TimelineLinkTo } from './timeline-link';
import type { TimelineSearch } from './queries';
import { timelineEventsQuery } from './queries';
import { StatePanel } from './state-panel';

type Props = {
  kind: TimelineKind;
  id: string;
  search: TimelineSearch;
  onSearch: (search: TimelineSearch) => void;
};

/** /admin/timeline/$kind/$id: the login form when signed out, the timeline when signed in. */
export function TimelineScreen(props: Props) {
  const { data: admin } = useSuspenseQuery(adminMeQuery());
  if (admin === null) return <AdminLogin />;
  return <TimelinePage admin={admin} {...props} />;
}

const TITLES: Record<TimelineKind, string> = {
  listing: 'Listing timeline',
  account: 'Account timeline',
};

/** One listing's or account's events and its state at a chosen moment: read-only, folded from the log (docs/decisions/0041). */
function TimelinePage({ admin, kind, id, search, onSearch }: Props & { admin: Admin }) {
  useSessionExpiry();
  const events = useInfiniteQuery(timelineEventsQuery(kind, id));
  const first = firstPage(events.data);
  const now = first?.stateAt.state;
  const name = typeof now?.title === 'string' ? now.title : typeof now?.name === 'string' ? now.name : null;
  return (
    <div className="flex flex-1 flex-col bg-muted/40">
      <PortalHeader admin={admin} />
      <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <div className="flex flex-col gap-1">
          <Link to="/admin/$tab" params={{ tab: 'activity' }} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ChevronLeftIcon className="size-4" /> Activity log
          </Link>
          <h1 className="text-2xl font-bold tracking-tight">{TITLES[kind]}</h1>
          <p className="min-w-0 break-words text-sm text-muted-foreground">
            {name !== null && <span className="font-medium text-foreground">{name}</span>}
            {name !== null && ' · '}
            <code className="break-all font-mono text-xs">{first?.stream ?? `${kind} ${id}`}</code>
            {' · '}Read-only: built from the event log; nothing here changes the record.
          </p>
          {kind === 'listing' && typeof now?.ownerId === 'string' && <TimelineLinkTo kind="account" id={now.ownerId} name="the owner" text="Owner's account timeline" />}
        </div>
        {events.error instanceof ApiError && events.error.status === 404 ? (
          <EmptyState
            icon={<ClockIcon />}
            title={events.error.serverMessage}
            description={`The log holds no ${kind} with the id ${id}. Open a timeline from an entry of the activity log.`}
          />
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
            <div className="order-2 lg:order-1">
              <SectionCard title="Events" description="Every change, oldest first, with who made it and from where">
                <QueryStates
                  query={events}
                  list={listItems(events.data)}
                  what="the timeline"
                  empty={<EmptyState icon={<ClockIcon />} title="No events" description="Nothing has been recorded for this yet." />}
                >
                  {(list) => (
                    <>
                      <TimelineEventList events={list} selected={search.revision ?? null} onSelect={(revision) => onSearch({ revision })} />
                      <PagedListFooter query={events} noun={{ one: 'event', many: 'events' }} />
                    </>
                  )}
                </QueryStates>
              </SectionCard>
            </div>
            <div className="order-1 lg:sticky lg:top-20 lg:order-2">
              <StatePanel kind={kind} id={id} search={search} onSearch={onSearch} />
            </div>
          </div>
        )}
      </main>
    </div>
  );
}

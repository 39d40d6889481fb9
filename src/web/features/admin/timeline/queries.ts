import { queryOptions } from '@tanstack/react-query';
import type { TimelineAnswer, TimelineEvent, TimelineKind } from '../../../../contract/admin/timeline';
import { TIMELINE_KINDS } from '../../../../contract/admin/timeline';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { pagedListQuery } from '../paged-list';

/** The moment whose state the page shows: a date-time, one event (the state right after it), or now. */
export type TimelineMoment = { at: string } | { revision: number } | Record<string, never>;

/** /admin/timeline/$kind/$id?at=… or ?revision=…: the moment rides in the URL, so it can be shared and back goes back. */
export type TimelineSearch = { at?: string; revision?: number };

export function parseTimelineKind(kind: unknown): TimelineKind | undefined {
  return (TIMELINE_KINDS as readonly unknown[]).includes(kind) ? (kind as TimelineKind) : undefined;
}

export function parseTimelineSearch(search: Record<string, unknown>): TimelineSearch {
  if (typeof search.at === 'string' && !Number.isNaN(Date.parse(search.at))) return { at: search.at };
  const revision = Number(search.revision);
  if (search.revision !== undefined && Number.isInteger(revision) && revision >= 0) return { revision };
  return {};
}

export const momentOf = (search: TimelineSearch): TimelineMoment =>
  search.at !== undefined ? { at: search.at } : search.revision !== undefined ? { revision: search.revision } : {};

const pathOf = (kind: TimelineKind, id: string) => `/api/admin/timeline/${kind}/${encodeURIComponent(id)}`;
// Under ['admin'], so signing out drops it with every other admin read.
const keyOf = (kind: TimelineKind, id: string) => [...queryKeys.admin, 'timeline', kind, id] as const;

export const TIMELINE_PAGE_SIZE = 50;

/** The stream's events, oldest first, a page at a time; each page also carries the state now. */
export function timelineEventsQuery(kind: TimelineKind, id: string) {
  return pagedListQuery<TimelineEvent, Pick<TimelineAnswer, 'stateAt' | 'stream'>>(keyOf(kind, id), pathOf(kind, id), {}, TIMELINE_PAGE_SIZE);
}

/** The state at a moment: the same route, one event long, read for its `stateAt`. */
export function timelineStateQuery(kind: TimelineKind, id: string, moment: TimelineMoment) {
  return queryOptions({
    queryKey: [...keyOf(kind, id), 'state', moment] as const,
    queryFn: async () => {
      const query = new URLSearchParams({ limit: '1' });
      if ('at' in moment) query.set('at', moment.at);
      if ('revision' in moment) query.set('revision', String(moment.revision));
      return (await apiFetch<TimelineAnswer>(`${pathOf(kind, id)}?${query}`)).stateAt;
    },
  });
}

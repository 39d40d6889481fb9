import type { ActivityAction, ActivityEntry, ActivityTargetType, ActorType } from '../../../../contract/admin/activity';
import { ACTIVITY_ACTIONS, ACTIVITY_TARGET_TYPES, ACTOR_TYPES } from '../../../../contract/admin/activity';
import { queryKeys } from '../../../lib/query-keys';
import { humanize } from '../format';
import { pagedListQuery, presentParams } from '../paged-list';

/** The activity log's filters beside the portal's search box (docs/decisions/0034). */
export type ActivityFilters = {
  actorType?: ActorType;
  /** One actor's entries; `actorName` only labels the chip that clears it. */
  actorId?: string;
  actorName?: string;
  action?: ActivityAction;
  targetType?: ActivityTargetType;
  from?: string;
  to?: string;
};

export const ACTOR_TYPE_OPTIONS = ACTOR_TYPES.map((value) => ({ value, label: humanize(value) }));
export const TARGET_TYPE_OPTIONS = ACTIVITY_TARGET_TYPES.map((value) => ({ value, label: humanize(value) }));
// Shown as logged ('user.credits_set'), so what the filter offers is what the entries and the CSV say.
export const ACTION_OPTIONS = [...ACTIVITY_ACTIONS].sort().map((value) => ({ value, label: value }));

/** The query parameters the list and its CSV export share. */
export function activityParams(search: string, { actorName: _label, ...filters }: ActivityFilters): Record<string, string> {
  return presentParams({ search, ...filters });
}

/** The CSV export of what the list shows: a plain link, so the browser downloads it with the session cookie. */
export function activityCsvHref(search: string, filters: ActivityFilters): string {
  return `/api/admin/activity.csv?${new URLSearchParams(activityParams(search, filters))}`;
}

export const ACTIVITY_PAGE_SIZE = 25;

/** GET /api/admin/activity, a page at a time; a live `activity` push invalidates the key and the loaded pages refetch. */
export function activityQuery(search: string, filters: ActivityFilters) {
  return pagedListQuery<ActivityEntry>(queryKeys.adminActivity, '/api/admin/activity', activityParams(search, filters), ACTIVITY_PAGE_SIZE);
}

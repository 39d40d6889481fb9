import type { ActivityEntry } from '../../../../contract/admin/activity';
import type { TimelineKind } from '../../../../contract/admin/timeline';
import { TimelineLinkTo } from '../timeline/timeline-link';

/** The timeline an entry's target has (docs/decisions/0041): listings and user accounts. */
export function timelineOf(entry: Pick<ActivityEntry, 'resourceType' | 'resourceId'>): { kind: TimelineKind; id: string } | null {
  if (entry.resourceId === null) return null;
  if (entry.resourceType === 'property') return { kind: 'listing', id: entry.resourceId };
  if (entry.resourceType === 'user') return { kind: 'account', id: entry.resourceId };
  return null;
}

/** One click from an entry to its target's timeline, at the moment of the entry. */
export function TimelineLink({ entry }: { entry: ActivityEntry }) {
  const target = timelineOf(entry);
  if (target === null) return null;
  return <TimelineLinkTo {...target} at={entry.createdAt} name={entry.targetName} />;
}

import type { RecordedEvent } from '../../event-store/port';
import type { Decider } from '../shared/decider';
import { streamScheme } from '../shared/stream-ids';

/** The UTC day of an ISO time, `YYYY-MM-DD`. */
export const dayOf = (at: string) => at.slice(0, 10);

/**
 * One stream per anonymous visitor and day. The visitor is a hash that
 * changes every day and cannot be traced back to a person; nothing else about
 * the visitor is kept.
 */
export const pageViewsStream = streamScheme('page-views');
export const pageViewStreamId = (day: string, visitorHash: string) => pageViewsStream.of(`${day}-${visitorHash}`);

export type RecordPageView = { type: 'RecordPageView'; path: string; referrerHost: string | null; visitorHash: string; at: string };
export type PageViewed = { type: 'PageViewed'; data: { path: string; referrerHost: string | null; visitorHash: string; at: string } };

/** Page views decide nothing but their own recording: there is no rule to keep. */
export const pageViewDecider: Decider<RecordPageView, null, PageViewed> = {
  initialState: null,
  evolve: () => null,
  decide: ({ path, referrerHost, visitorHash, at }) => [{ type: 'PageViewed', data: { path, referrerHost, visitorHash, at } }],
};

export function isPageViewEvent(event: RecordedEvent): event is RecordedEvent & PageViewed {
  return event.type === 'PageViewed' && pageViewsStream.owns(event.streamId);
}

import type { TimelineEvent, TimelineState } from '../../../../contract/admin/timeline';
import type { RecordedEvent } from '../../../../event-store/port';
import type { StreamFold } from './fold';
import { actorOf, clientAddressOf, countUntil, eventTime } from './fold';
import { changesBetween, toPlainState } from './plain-state';
import { summarizeEvent } from './summaries';

export interface TimelineRequest {
  /** The first event of the page, by revision. */
  start: number;
  limit: number;
  /** The moment of the state: a date-time, or the state right after an event; neither is now. */
  at?: string | undefined;
  revision?: number | undefined;
}

export interface TimelinePage {
  items: TimelineEvent[];
  nextCursor: string | null;
  total: number;
  stateAt: TimelineState;
}

/**
 * One page of a stream's events and the state at the moment asked for, from
 * one fold over the stream (docs/decisions/0041): the fold runs as far as the
 * later of the page's end and the moment, and each page event's changes are
 * the state before it against the state after it. Actors are not named yet.
 */
export function foldTimeline(events: readonly RecordedEvent[], fold: StreamFold, request: TimelineRequest): TimelinePage {
  const start = Math.min(request.start, events.length);
  const end = Math.min(start + request.limit, events.length);
  const upTo = request.at !== undefined ? countUntil(events, request.at) : request.revision !== undefined ? Math.min(request.revision + 1, events.length) : events.length;

  let state = fold.initialState;
  let stateAt = state;
  const items: TimelineEvent[] = [];
  for (let i = 0; i < Math.max(end, upTo); i += 1) {
    const event = events[i] as RecordedEvent;
    const before = state;
    state = fold.evolve(state, { type: event.type, data: event.data });
    if (i === upTo - 1) stateAt = state;
    // The first event creates the record: every field would read '— → value', which the state already shows.
    if (i >= start && i < end) items.push(toTimelineEvent(event, i === 0 ? [] : changesBetween(before, state)));
  }

  const at = request.at ?? (request.revision !== undefined && upTo > 0 ? eventTime(events[upTo - 1] as RecordedEvent) : null);
  return {
    items,
    nextCursor: end < events.length ? String(end) : null,
    total: events.length,
    stateAt: { at, revision: upTo - 1, state: toPlainState(stateAt) },
  };
}

function toTimelineEvent(event: RecordedEvent, changes: TimelineEvent['changes']): TimelineEvent {
  return {
    position: event.position,
    revision: event.revision,
    type: event.type,
    at: eventTime(event),
    actor: actorOf(event),
    clientAddress: clientAddressOf(event),
    summary: summarizeEvent(event),
    changes,
  };
}

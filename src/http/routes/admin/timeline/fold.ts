import type { TimelineActor, TimelineKind } from '../../../../contract/admin/timeline';
import { userStreamId } from '../../../../domain/accounts/commands';
import { account } from '../../../../domain/accounts/decide';
import { propertyStreamId } from '../../../../domain/listings/events';
import { listing } from '../../../../domain/listings/decide';
import type { DomainEvent } from '../../../../domain/shared/decider';
import type { RecordedEvent } from '../../../../event-store/port';

/*
 * Which stream a timeline reads and which fold it uses: the deciders' own
 * initial state and evolve (docs/decisions/0041), never a copy of them.
 */

/** A stream kind's fold: where its stream is, and the decider's own initial state and evolve. */
export interface StreamFold {
  streamOf(id: string): string;
  initialState: unknown;
  evolve(state: unknown, event: DomainEvent): unknown;
  notFound: string;
}

const asFold = <S, E extends DomainEvent>(decider: { initialState: S; evolve(state: S, event: E): S }) => ({
  initialState: decider.initialState as unknown,
  evolve: (state: unknown, event: DomainEvent) => decider.evolve(state as S, event as E) as unknown,
});

export const TIMELINE_FOLDS: Record<TimelineKind, StreamFold> = {
  listing: { streamOf: propertyStreamId, ...asFold(listing), notFound: 'Listing not found' },
  account: { streamOf: userStreamId, ...asFold(account), notFound: 'Account not found' },
};

/** When an event happened, as the activity log says it: its own `at` (a listing's `listedAt`), else when it was stored. */
export function eventTime(event: RecordedEvent): string {
  const data = event.data as { at?: unknown; listedAt?: unknown } | null;
  const at = data?.at ?? data?.listedAt;
  return typeof at === 'string' ? at : event.recordedAt;
}

/**
 * How many of the stream's events were recorded at or before `at`: the
 * events up to the first one after it (a stream is in the order things
 * happened, so a later event never precedes an earlier one's effect).
 */
export function countUntil(events: readonly RecordedEvent[], at: string): number {
  const limit = Date.parse(at);
  const later = events.findIndex((event) => Date.parse(eventTime(event)) > limit);
  return later === -1 ? events.length : later;
}

/** Who appended the event, from what the request recorded in its metadata; names are filled in later. */
export function actorOf(event: RecordedEvent): TimelineActor | null {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const adminId = text(event.metadata.adminId) ?? text((event.data as { adminId?: unknown } | null)?.adminId);
  if (adminId) return { kind: 'admin', id: adminId, name: null };
  const userId = text(event.metadata.userId);
  if (userId) return { kind: 'user', id: userId, name: null };
  const system = text(event.metadata.processManager) ?? text(event.metadata.source);
  if (system) return { kind: 'system', id: system, name: 'System' };
  return null;
}

export function clientAddressOf(event: RecordedEvent): string | null {
  const address = event.metadata.ipAddress;
  return typeof address === 'string' && address !== '' ? address : null;
}

import type { ActivityAction, ActivityChange, ActivityTargetType, ActorType } from '../../contract/admin/activity';
import type { RecordedEvent } from '../../event-store/port';
import type { Doc } from '../../read-store/port';
import { userStream } from '../../domain/shared/stream-ids';

/*
 * What a row of the activity table (activity-mappings.ts) is made of, and the
 * helpers the rows of every context share.
 */

/** Things the log knows by name, from the events that name them (`activity_actors`). */
export type NamedKind = 'user' | 'admin' | 'property' | 'legal_document';

/** A name learnt from an event: entries show actors and targets by the name they had at the time. */
export interface KnownName {
  kind: NamedKind;
  id: string;
  name: string;
  /** People only. */
  email?: string;
  /** The values later entries compare against to show a change (before → after). */
  fields?: Record<string, ActivityChange['after']>;
}

/** What the directory holds about one named thing, as of the event being applied. */
export interface NameDoc extends Doc {
  name: string;
  email?: string;
  fields?: Record<string, ActivityChange['after']>;
  _position?: number;
}

/**
 * Whose name an entry shows as its target. By default the resource itself when
 * it is a named kind; else another named thing (a bid's listing, a
 * verification's homeowner), or a name the event itself carries.
 */
export type TargetRef = { kind: NamedKind; id: string } | { name: string | null; email: string | null };

/** What one event contributes to the log, before names and request details are added. */
export interface ActivityDraft {
  actorType: ActorType;
  /** Null for the system. */
  actorId: string | null;
  action: ActivityAction;
  resourceType: ActivityTargetType;
  resourceId: string | null;
  /** Shown to administrators: never a password, a hash or a token. */
  details: Record<string, unknown>;
  target?: TargetRef;
  changes?: ActivityChange[];
}

export interface ActivityRow<E extends { type: string; data: unknown }> {
  /**
   * The entry for the event, or null when this instance of it is not worth
   * logging. `before` is what the directory knew of the entry's target before
   * this event, for changes that the event alone cannot tell. An entry that
   * reads `before` names it as its third parameter, without a default value:
   * an entry of two parameters is built once per event, before the directory
   * is read (activity-log.ts), and not again with `before`.
   */
  entry?: (data: E['data'], event: RecordedEvent, before: NameDoc | null) => ActivityDraft | null;
  names?: (data: E['data'], event: RecordedEvent) => KnownName[];
}

/** The user's id from their account stream's name (`user-{userId}`): account events do not all repeat it. */
export const userIdOf = (event: RecordedEvent) => userStream.idOf(event.streamId) ?? event.streamId;

export const byUser = (event: RecordedEvent, action: ActivityAction, details: Record<string, unknown> = {}): ActivityDraft => ({
  actorType: 'user',
  actorId: userIdOf(event),
  action,
  resourceType: 'user',
  resourceId: userIdOf(event),
  details,
});

/** An entry by the user the event's data names (a payment, a file, a listing of theirs), where the stream is not their account. */
export const byUserId = (
  userId: string,
  action: ActivityAction,
  resourceType: ActivityTargetType,
  resourceId: string | null,
  details: Record<string, unknown> = {},
): ActivityDraft => ({ actorType: 'user', actorId: userId, action, resourceType, resourceId, details });

/** An entry's target when it is a person. */
export const userTarget = (id: string): TargetRef => ({ kind: 'user', id });

export const byAdmin = (
  adminId: string | null,
  action: ActivityAction,
  resourceType: ActivityTargetType,
  resourceId: string,
  details: Record<string, unknown> = {},
): ActivityDraft => ({
  actorType: adminId === null ? 'system' : 'admin',
  actorId: adminId,
  action,
  resourceType,
  resourceId,
  details,
});

export const change = (field: string, before: ActivityChange['before'], after: ActivityChange['after']): ActivityChange => ({ field, before, after });

/** A move of the credit balance, from the balance after it and its size (negative to take). */
export const creditsChange = (balanceAfter: number, delta: number): ActivityChange => change('credits', balanceAfter - delta, balanceAfter);

const CLIP = 60;

/**
 * Long texts (a description, a document's content) are kept and shown by their
 * start and length, so the directory stays small; an edit that keeps both is
 * not shown as a change.
 */
export function clip(value: ActivityChange['after']): ActivityChange['after'] {
  return typeof value === 'string' && value.length > CLIP ? `${value.slice(0, CLIP)}… (${value.length} characters)` : value;
}

/** Fields as the directory keeps them for later comparisons. */
export function summarise(fields: Record<string, ActivityChange['after']>): Record<string, ActivityChange['after']> {
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, clip(value)]));
}

/** The fields whose values differ from what the directory knew; nothing when it knew nothing (an older log). */
export function changedFields(before: NameDoc | null, after: Record<string, ActivityChange['after']>): ActivityChange[] {
  const known = before?.fields;
  if (!known) return [];
  return Object.entries(summarise(after))
    .filter(([field, value]) => field in known && known[field] !== value)
    .map(([field, value]) => change(field, known[field] ?? null, value));
}

import type { RecordedEvent } from '../../event-store/port';
import type { StreamScheme } from '../shared/stream-ids';
import { streamScheme } from '../shared/stream-ids';

/** Users and administrators sign in separately, each with their own cookie. */
export type SessionKind = 'user' | 'admin';

/**
 * The sign-outs of one person, in their own stream `sessions-{kind}-{id}`:
 * nothing about a sign-out needs the account's state, so the account streams
 * (folded for every bid) do not grow with them (docs/decisions/0022).
 */
export const sessionsStream = streamScheme('sessions');
/** One scheme per kind: `sessions-user-{id}`, `sessions-admin-{id}`. */
export const sessionsStreamsOf: Readonly<Record<SessionKind, StreamScheme>> = { user: streamScheme('sessions-user'), admin: streamScheme('sessions-admin') };
export const sessionsStreamId = (kind: SessionKind, subject: string) => sessionsStreamsOf[kind].of(subject);

/** One session signed out: its cookie is refused from then on, and its sockets are closed. */
export type SessionEnded = {
  type: 'SessionEnded';
  data: {
    kind: SessionKind;
    /** The user's or administrator's id. */
    subject: string;
    sessionId: string;
    /** When the token would have expired anyway; the record of its end can go after that. */
    expiresAt: string;
    at: string;
  };
};

export type SessionEvent = SessionEnded;

export const SESSION_EVENT_TYPES = ['SessionEnded'] as const satisfies ReadonlyArray<SessionEvent['type']>;

export function isSessionEvent(event: RecordedEvent): event is RecordedEvent & SessionEvent {
  return sessionsStream.owns(event.streamId) && (SESSION_EVENT_TYPES as readonly string[]).includes(event.type);
}

import { isAccountEvent } from '../../domain/accounts/events';
import { isAdminEvent } from '../../domain/admin/events';
import type { SessionKind } from '../../domain/sessions/events';
import { SESSION_EVENT_TYPES, isSessionEvent } from '../../domain/sessions/events';
import { personRoom } from '../../contract/realtime';
import type { Projection, Push, SessionEndedPayload } from '../projection';
import { SESSION_ENDED_PUSH, deleteBelow, dropIfBelowHorizon, insertOnce } from '../projection';
import { userStream } from '../../domain/shared/stream-ids';

export const ENDED_SESSIONS = 'ended_sessions';

/** A signed-out session, kept until its token would have expired anyway. */
export type EndedSessionDoc = {
  /** The session id (`sid`) of the token. */
  _id: string;
  kind: SessionKind;
  subject: string;
  expiresAt: string;
  _position?: number;
};


/**
 * The `ended_sessions` read model, which the session check consults on every
 * request and handshake, and the announcement of every end of a session, so
 * each node closes its own sockets of it as it follows the log
 * (docs/decisions/0022).
 */
export function createSessionsProjection(): Projection {
  return {
    name: ENDED_SESSIONS,
    collections: [ENDED_SESSIONS],
    handles: [...SESSION_EVENT_TYPES, 'SessionsEnded', 'AdminDeactivated', 'AdminPasswordSet'],
    async setup(store) {
      await store.collection<EndedSessionDoc>(ENDED_SESSIONS).createIndex({ expiresAt: 1 });
    },
    async apply(event, store) {
      if (isSessionEvent(event)) {
        const ended = store.collection<EndedSessionDoc>(ENDED_SESSIONS);
        const { kind, subject, sessionId, expiresAt, at } = event.data;
        // A token past its expiry is refused on its own; dropped by the event's time, so every replay keeps the same records.
        // One tombstone stands for them all, so a node applying an older sign-out late drops it again (docs/decisions/0061).
        await deleteBelow(ended, 'expiresAt', at, event.position);
        if (await insertOnce(ended, { _id: sessionId, kind, subject, expiresAt }, event.position)) await dropIfBelowHorizon(ended, sessionId, 'expiresAt', expiresAt, event.position);
        return [endedPush(kind, subject, { sessionId })];
      }
      // The session version on the account or administrator is what refuses these sessions over HTTP.
      if (isAccountEvent(event) && event.type === 'SessionsEnded') {
        return [endedPush('user', userStream.idIn(event.streamId), { sessionVersion: event.data.sessionVersion })];
      }
      if (isAdminEvent(event) && (event.type === 'AdminDeactivated' || (event.type === 'AdminPasswordSet' && event.data.reason === 'change'))) {
        return [endedPush('admin', event.data.adminId, { sessionVersion: event.data.sessionVersion })];
      }
      return;
    },
  };
}

function endedPush(kind: SessionKind, subject: string, ended: { sessionId: string } | { sessionVersion: number }): Push {
  const payload: SessionEndedPayload = { kind, subject, ...ended };
  return { rooms: [personRoom(kind, subject)], event: SESSION_ENDED_PUSH, payload };
}

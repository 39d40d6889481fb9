import type { Decider } from '../shared/decider';
import type { SessionEvent, SessionKind } from './events';

export type EndSession = {
  type: 'EndSession';
  kind: SessionKind;
  subject: string;
  sessionId: string;
  expiresAt: string;
  at: string;
};

export type SessionsCommand = EndSession;

/** The session ids of one person that were signed out. */
export interface SessionsState {
  ended: ReadonlySet<string>;
}

/** A person's sign-outs; ending a session that already ended records nothing. */
export const sessionEnds: Decider<SessionsCommand, SessionsState, SessionEvent> = {
  initialState: { ended: new Set() },
  evolve(state, event) {
    return { ended: new Set(state.ended).add(event.data.sessionId) };
  },
  decide(command, state) {
    if (state.ended.has(command.sessionId)) return [];
    const { kind, subject, sessionId, expiresAt, at } = command;
    return [{ type: 'SessionEnded', data: { kind, subject, sessionId, expiresAt, at } }];
  },
};

import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { sessionEnds } from './decide';
import type { SessionEnded } from './events';

const AT = '2026-05-01T10:00:00.000Z';
const EXPIRES = '2026-05-31T10:00:00.000Z';
const end = (sessionId: string) => ({ type: 'EndSession' as const, kind: 'user' as const, subject: 'u1', sessionId, expiresAt: EXPIRES, at: AT });
const ended = (sessionId: string): SessionEnded => ({ type: 'SessionEnded', data: { kind: 'user', subject: 'u1', sessionId, expiresAt: EXPIRES, at: AT } });

describe('EndSession', () => {
  it('records the end of a session', () => {
    given(sessionEnds).when(end('s1')).then([ended('s1')]);
  });

  it('records the end of another session of the same person', () => {
    given(sessionEnds, [ended('s1')]).when(end('s2')).then([ended('s2')]);
  });

  it('records nothing for a session that already ended', () => {
    given(sessionEnds, [ended('s1')]).when(end('s1')).then([]);
  });
});

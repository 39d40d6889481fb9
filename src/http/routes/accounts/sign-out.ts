import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { sessionEnds } from '../../../domain/sessions/decide';
import type { SessionKind } from '../../../domain/sessions/events';
import { sessionsStreamId } from '../../../domain/sessions/events';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';

/**
 * Ends this request's session of `kind` on the server, not only in this
 * browser: its id goes to the log, so every node refuses the cookie from the
 * answer on (the read models include it by then) and closes its sockets.
 * Without a standing session there is nothing to end, and the cookie is
 * cleared all the same.
 */
export async function signOut(deps: Pick<AppDeps, 'eventStore' | 'projections' | 'logger' | 'sessions' | 'clock'>, c: Context<AppEnv>, kind: SessionKind) {
  const claims = c.get('session')[kind];
  if (claims) {
    const { subject, sessionId } = claims;
    const expiresAt = new Date(claims.expiresAt * 1000).toISOString();
    await runCommand(deps, c, sessionsStreamId(kind, subject), sessionEnds, { type: 'EndSession', kind, subject, sessionId, expiresAt, at: deps.clock().toISOString() });
  }
  const { httpOnly, sameSite, secure, path } = deps.sessions.cookieOptions();
  deleteCookie(c, deps.sessions.cookieName(kind), { httpOnly, sameSite, secure, path });
}

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { EventMetadata, LogPosition } from '../event-store/port';
import type { SessionClaims } from './session';

/** What every handler can read from the request context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    session: { user?: SessionClaims; admin?: SessionClaims };
    /** The log position of the last event this request's command appended; logged with the request. */
    logPosition?: LogPosition;
  };
}

/**
 * Who did it, from where: stored on every event a request causes. The address
 * is the connection's peer: X-Forwarded-For is not trusted (see 0007).
 */
export function requestMetadata(c: Context<AppEnv>): EventMetadata {
  const session = c.get('session');
  return {
    requestId: c.get('requestId'),
    ...(session.user ? { userId: session.user.subject } : {}),
    ...(session.admin ? { adminId: session.admin.subject } : {}),
    ipAddress: peerAddress(c),
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
  };
}

/** The peer's address (at most 45 characters, as stored), or null where there is no socket (in-process tests). */
export function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address?.replace(/^::ffff:/, '').slice(0, 45) ?? null;
  } catch {
    return null;
  }
}

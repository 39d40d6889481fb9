import type { Context } from 'hono';
import type { EventMetadata, LogPosition } from '../event-store/port';
import type { SessionClaims } from './session';

/** What every handler can read from the request context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Worked out once per request from the peer and TRUST_PROXY; read with clientAddress(c). */
    clientAddress: string | null;
    session: { user?: SessionClaims; admin?: SessionClaims };
    /** The log position of the last event this request's command appended; logged with the request. */
    logPosition?: LogPosition;
  };
}

/**
 * Who did it, from where: stored on every event a request causes. The address
 * is the client's as TRUST_PROXY lets it be known (src/http/platform/client-address.ts).
 */
export function requestMetadata(c: Context<AppEnv>): EventMetadata {
  const session = c.get('session');
  // Built field by field in this order (the order the stored JSON keeps), without an object spread per field.
  const metadata: EventMetadata = { requestId: c.get('requestId') };
  if (session.user) metadata.userId = session.user.subject;
  if (session.admin) metadata.adminId = session.admin.subject;
  metadata.ipAddress = c.get('clientAddress') ?? null;
  metadata.userAgent = c.req.header('user-agent')?.slice(0, 512) ?? null;
  return metadata;
}

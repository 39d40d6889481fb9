import type { EventMetadata } from '../event-store/port';
import type { SessionClaims } from './session';

/** What every handler can read from the request context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    session: { user?: SessionClaims; admin?: SessionClaims };
  };
}

/** Who did it, from where: stored on every event a request causes. */
export function requestMetadata(c: {
  get(key: 'requestId'): string;
  get(key: 'session'): AppEnv['Variables']['session'];
  req: { header(name: string): string | undefined };
}): EventMetadata {
  const session = c.get('session');
  return {
    requestId: c.get('requestId'),
    ...(session.user ? { userId: session.user.subject } : {}),
    ...(session.admin ? { adminId: session.admin.subject } : {}),
    ipAddress: clientIp(c.req.header('x-forwarded-for')) ?? c.req.header('x-real-ip') ?? null,
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
  };
}

function clientIp(forwardedFor: string | undefined): string | undefined {
  return forwardedFor?.split(',')[0]?.trim().slice(0, 45) || undefined;
}

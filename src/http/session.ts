import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'hono/utils/cookie';
import { SignJWT, jwtVerify } from 'jose';
import type { SessionKind } from '../domain/sessions/events';

/** Users and administrators sign in separately, each with their own cookie. */
export type { SessionKind };

export interface SessionClaims {
  kind: SessionKind;
  /** The user's or administrator's id. */
  subject: string;
  role: string;
  /**
   * The account's session version when the session was issued. Raising the
   * version on the account (password change, reset, deactivation) ends every
   * session issued before.
   */
  version: number;
  /**
   * This sign-in's random id (`sid`): signing out ends this session alone, by
   * recording its id in the log (src/projections/sessions/sessions.ts).
   */
  sessionId: string;
  /** Seconds since the epoch, when the session was issued. */
  issuedAt: number;
  /** Seconds since the epoch, when the token stops being accepted anyway. */
  expiresAt: number;
}

export interface Sessions {
  cookieName(kind: SessionKind): string;
  /** Signs a new session with a fresh session id. */
  issue(claims: Omit<SessionClaims, 'sessionId' | 'issuedAt' | 'expiresAt'>): Promise<string>;
  verify(token: string, kind: SessionKind): Promise<SessionClaims | null>;
  /**
   * Reads both sessions from a Cookie header. The one path by which HTTP
   * requests and Socket.IO handshakes learn who is there.
   */
  fromCookieHeader(header: string | undefined | null): Promise<{ user?: SessionClaims; admin?: SessionClaims }>;
  /** Cookie attributes for Set-Cookie. */
  cookieOptions(): { httpOnly: true; sameSite: 'Lax'; secure: boolean; path: '/'; maxAge: number };
}

const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const VERIFIED_TOKENS_KEPT = 10_000;
/** Both sessions' tokens with a few other cookies fit; a longer Cookie header is not remembered. */
const PARSED_HEADER_MAX = 2048;
export const COOKIE_NAMES: Record<SessionKind, string> = { user: 'session', admin: 'admin_session' };

export interface SessionOptions {
  secret: string;
  secure: boolean;
  /**
   * Whether a validly signed session still stands: the account exists, is
   * active, its session version has not moved on, and this session was not
   * signed out. Applied to HTTP and Socket.IO alike.
   */
  isCurrent?: (claims: SessionClaims) => Promise<boolean>;
}

export function createSessions(options: SessionOptions): Sessions {
  const key = new TextEncoder().encode(options.secret);

  // A signature check is an async crypto job per request; a token's claims never change,
  // so verified tokens are remembered until they expire (bounded, oldest dropped first).
  const verified = new Map<string, { claims: SessionClaims; expiresAt: number }>();
  const remember = (token: string, claims: SessionClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAt });
  };

  // A browser sends the same Cookie header with every request: its tokens are picked out once (bounded as above;
  // a header longer than any our cookies make is parsed each time, so odd headers cannot fill the memory).
  const parsedHeaders = new Map<string, { user: string | undefined; admin: string | undefined }>();
  const tokensOf = (header: string) => {
    const known = parsedHeaders.get(header);
    if (known) return known;
    const cookies = parse(header);
    const tokens = { user: cookies[COOKIE_NAMES.user], admin: cookies[COOKIE_NAMES.admin] };
    if (header.length > PARSED_HEADER_MAX) return tokens;
    if (parsedHeaders.size >= VERIFIED_TOKENS_KEPT) parsedHeaders.delete(parsedHeaders.keys().next().value as string);
    parsedHeaders.set(header, tokens);
    return tokens;
  };

  const verifyCurrent = async (token: string, kind: SessionKind) => {
    const claims = await sessions.verify(token, kind);
    if (!claims || !options.isCurrent) return claims;
    return (await options.isCurrent(claims)) ? claims : null;
  };

  const sessions: Sessions = {
    cookieName: (kind) => COOKIE_NAMES[kind],

    async issue(claims) {
      return new SignJWT({ kind: claims.kind, role: claims.role, ver: claims.version, sid: randomBytes(16).toString('base64url') })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.subject)
        .setIssuedAt()
        .setExpirationTime(`${MAX_AGE_SECONDS}s`)
        .sign(key);
    },

    async verify(token, kind) {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now() / 1000) return known.claims.kind === kind ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { kind: claimedKind, sub, role, ver, sid, exp } = payload;
        // A token without a session id could never be signed out, so it is not accepted.
        if (typeof claimedKind !== 'string' || typeof sub !== 'string' || typeof role !== 'string' || typeof ver !== 'number') return null;
        if (typeof sid !== 'string' || typeof exp !== 'number') return null;
        const claims: SessionClaims = { kind: claimedKind as SessionKind, subject: sub, role, version: ver, sessionId: sid, issuedAt: payload.iat ?? 0, expiresAt: exp };
        remember(token, claims, exp);
        return claims.kind === kind ? claims : null;
      } catch {
        return null;
      }
    },

    async fromCookieHeader(header) {
      if (!header) return {};
      const tokens = tokensOf(header);
      if (!tokens.user && !tokens.admin) return {};
      const [user, admin] = await Promise.all([tokens.user ? verifyCurrent(tokens.user, 'user') : null, tokens.admin ? verifyCurrent(tokens.admin, 'admin') : null]);
      return { ...(user ? { user } : {}), ...(admin ? { admin } : {}) };
    },

    cookieOptions: () => ({ httpOnly: true, sameSite: 'Lax', secure: options.secure, path: '/', maxAge: MAX_AGE_SECONDS }),
  };
  return sessions;
}

/** SESSION_SECRET, else a secret generated once into DATA_DIR so sessions survive restarts. */
export async function loadSessionSecret(dataDir: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, 'session-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, `${secret}\n`, { flag: 'wx' }).catch(() => undefined);
    await chmod(file, 0o600).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

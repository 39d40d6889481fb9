import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessions, loadSessionSecret } from './session';

const sessions = createSessions({ secret: 'a'.repeat(48), secure: false });

describe('sessions', () => {
  it('verifies what it issued, for the right kind only', async () => {
    const token = await sessions.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 0 });
    expect(await sessions.verify(token, 'user')).toMatchObject({ kind: 'user', subject: 'u1', role: 'realtor', version: 0 });
    expect(await sessions.verify(token, 'admin')).toBeNull();
  });

  it('gives every sign-in its own session id, and refuses a token without one (it could never be signed out)', async () => {
    const first = await sessions.verify(await sessions.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 0 }), 'user');
    const second = await sessions.verify(await sessions.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 0 }), 'user');
    expect(first?.sessionId).toMatch(/^[\w-]{22}$/);
    expect(second?.sessionId).not.toBe(first?.sessionId);
    expect((first?.expiresAt ?? 0) - (first?.issuedAt ?? 0)).toBe(30 * 24 * 60 * 60);
    const withoutId = await new SignJWT({ kind: 'user', role: 'realtor', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a'.repeat(48)));
    expect(await sessions.verify(withoutId, 'user')).toBeNull();
  });

  it('refuses a tampered token and one signed with another secret', async () => {
    const token = await sessions.issue({ kind: 'user', subject: 'u1', role: 'homeowner', version: 0 });
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 'realtor', version: 0 })).toString('base64url');
    expect(await sessions.verify(`${header}.${forged}.${signature}`, 'user')).toBeNull();
    const other = createSessions({ secret: 'b'.repeat(48), secure: false });
    expect(await other.verify(token, 'user')).toBeNull();
    expect(await sessions.verify('not-a-token', 'user')).toBeNull();
  });

  it('reads both sessions from one Cookie header', async () => {
    const user = await sessions.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 0 });
    const admin = await sessions.issue({ kind: 'admin', subject: 'a1', role: 'super_admin', version: 0 });
    const both = await sessions.fromCookieHeader(`theme=dark; session=${user}; admin_session=${admin}`);
    expect(both.user?.subject).toBe('u1');
    expect(both.admin?.role).toBe('super_admin');
    // A user token in the admin cookie does not make an admin.
    expect(await sessions.fromCookieHeader(`admin_session=${user}`)).toEqual({});
    expect(await sessions.fromCookieHeader(undefined)).toEqual({});
  });

  it('checks a session on every request, also when the same Cookie header comes again', async () => {
    let current = true;
    const checked = createSessions({ secret: 'a'.repeat(48), secure: false, isCurrent: async () => current });
    const header = `session=${await checked.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 0 })}`;
    expect((await checked.fromCookieHeader(header)).user?.subject).toBe('u1');
    expect((await checked.fromCookieHeader(header)).user?.subject).toBe('u1');
    // Signed out (or the password changed) between two requests carrying the very same header.
    current = false;
    expect(await checked.fromCookieHeader(header)).toEqual({});
    // A long header with other cookies reads the same, remembered or not.
    current = true;
    const long = `${'x'.repeat(3000)}=1; ${header}`;
    expect((await checked.fromCookieHeader(long)).user?.subject).toBe('u1');
    expect((await checked.fromCookieHeader(long)).user?.subject).toBe('u1');
    expect(await checked.fromCookieHeader('theme=dark')).toEqual({});
  });

  it('marks cookies Secure only when served over https', () => {
    expect(sessions.cookieOptions()).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
    expect(createSessions({ secret: 'a'.repeat(48), secure: true }).cookieOptions().secure).toBe(true);
  });
});

describe('loadSessionSecret', () => {
  it('generates a secret once into the data folder and keeps it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'session-'));
    const first = await loadSessionSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadSessionSecret(dir, undefined)).toBe(first);
    expect((await readFile(join(dir, 'session-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dir, 'session-secret'))).mode & 0o777).toBe(0o600);
    expect(await loadSessionSecret(dir, 'configured-secret-configured-secret')).toBe('configured-secret-configured-secret');
    await rm(dir, { recursive: true });
  });
});

describe('current sessions', () => {
  it('drops a signed session the account no longer stands behind', async () => {
    const gated = createSessions({ secret: 'a'.repeat(48), secure: false, isCurrent: async (claims) => claims.version === 2 });
    const stale = await gated.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 1 });
    const fresh = await gated.issue({ kind: 'user', subject: 'u1', role: 'realtor', version: 2 });
    expect(await gated.fromCookieHeader(`session=${stale}`)).toEqual({});
    expect((await gated.fromCookieHeader(`session=${fresh}`)).user?.version).toBe(2);
  });
});

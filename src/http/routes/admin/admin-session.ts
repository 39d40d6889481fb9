import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { adminDecider } from '../../../domain/admin/decide';
import { adminStreamId } from '../../../domain/admin/events';
import { adminLoginSchema } from '../../../contract/admin/admins';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import { findAdminUser, findAdminUserByUsername } from '../../../projections/admin/admin-users-queries';
import { readAdmin } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { recordAudit } from './audit';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { UnauthorizedError } from '../../errors';
import { requireAdmin } from '../../guards';
import { verifyDummyPassword, verifyPassword } from '../../platform/passwords';
import type { RateRule } from '../../platform/rate-limit';
import { createLoginThrottle } from '../../platform/login-throttle';
import { addressLimitKey, createRateLimiter } from '../../platform/rate-limit';
import { signOut } from '../accounts/sign-out';
import { readJson } from '../../validation';
import { toAdminView } from './admin-shared';

export const INVALID_CREDENTIALS = 'Invalid credentials';

// The same budgets as users' sign-in (RATE_RULES in auth-shared.ts), counted apart so one cannot exhaust the other.
const SIGN_INS_PER_ADDRESS: RateRule = { name: 'admin-login-address', limit: 10, windowMs: 60_000 };
/** Per (administrator, address): a stranger's guesses lock out the stranger's address, not the administrator (decision 0026). */
const FAILURES_PER_ADMIN_ADDRESS: RateRule = {
  name: 'admin-login-failures',
  limit: 5,
  windowMs: 15 * 60_000,
  message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
};
const FAILURES_PER_ADMIN: RateRule = { name: 'admin-login-account-failures', limit: 10, windowMs: 15 * 60_000 };

/** POST /login, GET /me, POST /logout: the administrator's own session, apart from users' sessions. */
export function createAdminSessionRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const limiter = createRateLimiter({ enabled: deps.env.RATE_LIMITS !== 'off', counters: deps.rateCounters });
  const throttle = createLoginThrottle(limiter, { perAddress: FAILURES_PER_ADMIN_ADDRESS, perAccount: FAILURES_PER_ADMIN });
  const cookieName = deps.sessions.cookieName('admin');

  routes.post('/login', async (c) => {
    const address = addressLimitKey(c);
    await limiter.hit(SIGN_INS_PER_ADDRESS, address);
    const { username, password } = await readJson(c, adminLoginSchema);
    const usernameLower = username.toLowerCase();
    const found = await findAdminUserByUsername(deps.readStore, usernameLower);
    const accountKey = found ? found._id : `unknown:${usernameLower}`;
    await throttle.before(accountKey, address);
    const state = found ? await readAdmin(deps, found._id) : undefined;
    // Unknown, deactivated and password-less administrators cost the same time as a wrong password.
    const hash = state?.status === 'active' ? state.passwordHash : null;
    const matches = hash ? await verifyPassword(password, hash) : await verifyDummyPassword(password);
    if (!found || !matches) {
      await throttle.failed(accountKey, address);
      const reason = !found ? 'unknown_account' : state?.status !== 'active' ? 'inactive' : 'wrong_password';
      const accountId = found?._id ?? null;
      const data = { kind: 'admin' as const, accountId, identifier: usernameLower, reason, at: deps.clock().toISOString() } as const;
      await recordAudit(deps, c, { kind: 'admin', id: accountId }, { type: 'SignInFailed', data });
      throw new UnauthorizedError(INVALID_CREDENTIALS);
    }

    let signedIn;
    try {
      signedIn = await runCommand(deps, c, adminStreamId(found._id), adminDecider, { type: 'RecordAdminSignIn', at: deps.clock().toISOString() });
    } catch (error) {
      // Deactivated between the password check and now.
      if (error instanceof ConflictError || error instanceof NotFoundError) throw new UnauthorizedError(INVALID_CREDENTIALS);
      throw error;
    }
    if (signedIn.state.status !== 'active') throw new UnauthorizedError(INVALID_CREDENTIALS);
    await throttle.succeeded(accountKey, address);

    const token = await deps.sessions.issue({ kind: 'admin', subject: found._id, role: signedIn.state.role, version: signedIn.state.sessionVersion });
    setCookie(c, cookieName, token, deps.sessions.cookieOptions());
    const admin = (await findAdminUser(deps.readStore, found._id)) ?? found;
    return c.json({ admin: toAdminView(admin) });
  });

  routes.get('/me', requireAdmin(), async (c) => {
    const admin = await findAdminUser(deps.readStore, c.get('session').admin?.subject ?? '');
    if (!admin) throw new UnauthorizedError();
    return c.json({ admin: toAdminView(admin) });
  });

  // Open to anyone: signing out of a session that already ended must not fail.
  routes.post('/logout', async (c) => {
    await signOut(deps, c, 'admin');
    return c.json({ success: true });
  });

  return routes;
}

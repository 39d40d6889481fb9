import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { UserJson } from '../../../contract/accounts/accounts';
import type { UserDoc } from '../../../projections/accounts/users';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { UnauthorizedError } from '../../errors';
import type { RateLimiter, RateRule } from '../../platform/rate-limit';
import { createRateLimiter } from '../../platform/rate-limit';

export function toUserJson(user: UserDoc): UserJson {
  return {
    id: user._id,
    username: user.username,
    email: user.email,
    name: user.name,
    phone: user.phone,
    role: user.role,
    credits: user.credits,
    emailVerified: user.emailVerified,
    isVerified: user.isVerified,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt,
    hasPaymentMethod: typeof user.stripePaymentMethodId === 'string',
    paymentCard: typeof user.stripePaymentMethodId === 'string' ? (user.paymentCard ?? null) : null,
  };
}

export const EMAIL_VERIFICATION_HOURS = 24;
export const PASSWORD_RESET_MS = 60 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid username or password';

const MINUTE = 60_000;
/** The account routes' limits; reasons in docs/decisions/0007-accounts.md. */
export const RATE_RULES = {
  loginPerAddress: { name: 'login-address', limit: 10, windowMs: MINUTE },
  /** Failed sign-ins of one account from one address; that address then waits (src/http/platform/login-throttle.ts). */
  loginFailuresPerAddress: {
    name: 'login-failures',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many failed sign-in attempts. Please try again in 15 minutes or reset your password.',
  },
  /** Failed sign-ins of one account from anywhere; beyond the limit attempts are slowed down, never refused. */
  loginFailuresPerAccount: { name: 'login-account-failures', limit: 10, windowMs: 15 * MINUTE },
  registerPerAddress: { name: 'register-address', limit: 10, windowMs: 60 * MINUTE },
  forgotPerAddress: { name: 'forgot-address', limit: 5, windowMs: 15 * MINUTE },
  forgotPerAccount: { name: 'forgot-account', limit: 3, windowMs: 60 * MINUTE },
  resetPerAddress: { name: 'reset-address', limit: 10, windowMs: 15 * MINUTE },
  verifyPerAddress: { name: 'verify-address', limit: 30, windowMs: 15 * MINUTE },
  resendPerAccount: { name: 'resend-account', limit: 3, windowMs: 15 * MINUTE },
  changePasswordFailuresPerAccount: { name: 'change-password-failures', limit: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

/** What every account route shares: one limiter per app. */
export interface AuthContext {
  deps: AppDeps;
  limiter: RateLimiter;
  now: () => Date;
}

export function createAuthContext(deps: AppDeps): AuthContext {
  return {
    deps,
    limiter: createRateLimiter({ enabled: deps.env.RATE_LIMITS !== 'off', counters: deps.rateCounters }),
    now: deps.clock,
  };
}

/** Signs the user in on this browser with the account's current session version. */
export async function startUserSession(c: Context<AppEnv>, deps: AppDeps, user: { id: string; role: string; sessionVersion: number }) {
  const token = await deps.sessions.issue({ kind: 'user', subject: user.id, role: user.role, version: user.sessionVersion });
  setCookie(c, deps.sessions.cookieName('user'), token, deps.sessions.cookieOptions());
}

export function endUserSession(c: Context<AppEnv>, deps: AppDeps) {
  const { httpOnly, sameSite, secure, path } = deps.sessions.cookieOptions();
  deleteCookie(c, deps.sessions.cookieName('user'), { httpOnly, sameSite, secure, path });
}

/** The signed-in user's id; the routes that call it sit behind requireUser(). */
export function currentUserId(c: Context<AppEnv>): string {
  const user = c.get('session').user;
  if (!user) throw new UnauthorizedError();
  return user.subject;
}

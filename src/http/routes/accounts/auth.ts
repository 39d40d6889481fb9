import { Hono } from 'hono';
import { sameSitePath } from '../../../contract/redirect';
import { userStreamId } from '../../../domain/accounts/commands';
import type { UserId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import { loginSchema, registerSchema, userInfoSchema } from '../../../contract/accounts/accounts';
import { documentIdsSchema } from '../../../contract/legal/legal';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import { reservationStreamId } from '../../../domain/shared/reservation';
import { readAccount } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../admin/audit';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { UnauthorizedError } from '../../errors';
import { requireUser } from '../../guards';
import { recordAgreements, requireAcceptance } from '../legal/legal-agreements';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../platform/passwords';
import { createLoginThrottle } from '../../platform/login-throttle';
import { addressLimitKey } from '../../platform/rate-limit';
import { releaseName, reserveName } from '../../reservations';
import { signOut } from './sign-out';
import { readJson } from '../../validation';
import { sendEmailVerification, createEmailVerificationRoutes } from './auth-email';
import { createPasswordRoutes } from './auth-passwords';
import type { AuthContext } from './auth-shared';
import { INVALID_CREDENTIALS, RATE_RULES, createAuthContext, currentUserId, startUserSession, toUserJson } from './auth-shared';
import { findUser, findUserByEmail, findUserByUsername } from '../../../projections/accounts/users-queries';
import { honourIdempotencyKey } from '../../platform/idempotency';
import { newRequestId } from '../../platform/request-seeds';

/** Registration with the legal documents the person accepted (numbers, or their digits as strings). */
export const registrationSchema = registerSchema.extend({ acceptedDocumentIds: documentIdsSchema.default([]) });

/** The users' account routes under /api: registration, sign-in, the current user, passwords, email. */
export function createAuthRoutes(deps: AppDeps) {
  const ctx = createAuthContext(deps);
  return new Hono<AppEnv>()
    .route('/', createSessionRoutes(ctx))
    .route('/', createPasswordRoutes(ctx))
    .route('/', createEmailVerificationRoutes(ctx));
}

function createSessionRoutes(ctx: AuthContext) {
  const { deps, limiter } = ctx;
  const throttle = createLoginThrottle(limiter, { perAddress: RATE_RULES.loginFailuresPerAddress, perAccount: RATE_RULES.loginFailuresPerAccount });

  const loadUserJson = async (userId: string) => {
    const user = await findUser(deps.readStore, userId);
    if (!user) throw new NotFoundError('User not found');
    return toUserJson(user);
  };

  return new Hono<AppEnv>()
    .post('/register', async (c) => {
      await limiter.hit(RATE_RULES.registerPerAddress, addressLimitKey(c));
      const data = await readJson(c, registrationSchema);
      // Before anything is reserved: the active terms and privacy policy of the role must be accepted.
      const accepted = await requireAcceptance(deps, data.role, data.acceptedDocumentIds);
      await honourIdempotencyKey(deps, c);
      const userId = newRequestId(c) as UserId;
      const at = ctx.now().toISOString();
      // Hashed first, so the reservations wait for the account as briefly as possible.
      const passwordHash = await hashPassword(data.password);
      const ownerExists = async (ownerId: string) => (await deps.eventStore.readStream(userStreamId(ownerId))).length > 0;
      const usernameStream = reservationStreamId('username', data.username);
      await reserveName(c, { eventStore: deps.eventStore, streamId: usernameStream, ownerId: userId, at, takenMessage: 'Username already exists', ownerExists });
      try {
        await reserveName(c, { eventStore: deps.eventStore, streamId: reservationStreamId('email', data.email), ownerId: userId, at, takenMessage: 'Email already exists', ownerExists });
      } catch (error) {
        if (error instanceof ConflictError) await releaseName(c, deps.eventStore, usernameStream, userId, at);
        throw error;
      }
      const stream = userStreamId(userId);
      const { username, email, name, role } = data;
      const registered = await runCommand(deps, c, stream, account, { type: 'Register', userId, username, email, name, phone: data.phone ?? null, role, passwordHash, at });
      await recordAgreements(deps, c, userId, accepted.map((doc) => doc.documentId));
      // A retry of a registration that landed (same Idempotency-Key) mails no second link: its token would not be the one recorded.
      if (!registered.replayed) {
        try {
          await sendEmailVerification(ctx, c, { userId, email, name });
        } catch (error) {
          // The account stands; the user can ask for another mail from the app.
          deps.logger.error('verification mail failed', { requestId: c.get('requestId'), userId, error });
        }
      }
      await startUserSession(c, deps, { id: userId, role, sessionVersion: 0 });
      return c.json(await loadUserJson(userId), 201);
    })

    .post('/login', async (c) => {
      const address = addressLimitKey(c);
      await limiter.hit(RATE_RULES.loginPerAddress, address);
      const { username, password, redirectTo } = await readJson(c, loginSchema);
      const identifier = username.toLowerCase();
      const found = identifier.includes('@') ? await findUserByEmail(deps.readStore, identifier) : await findUserByUsername(deps.readStore, identifier);
      // The account, whichever of its names was typed; an unknown name counts as if it were one.
      const accountKey = found ? found._id : `unknown:${identifier}`;
      await throttle.before(accountKey, address);
      const state = found ? await readAccount(deps, found._id) : undefined;
      const passwordHash = state?.status === 'registered' ? state.passwordHash : null;
      // Unknown accounts cost one scrypt too, so timing does not tell which usernames exist.
      const valid = passwordHash ? await verifyPassword(password, passwordHash) : await verifyDummyPassword(password);
      if (!valid || !found || state?.status !== 'registered') {
        await throttle.failed(accountKey, address);
        const reason = !found ? 'unknown_account' : state?.status !== 'registered' ? 'inactive' : 'wrong_password';
        const accountId = found?._id ?? null;
        await recordAudit(deps, c, { kind: 'user', id: accountId }, { type: 'SignInFailed', data: { kind: 'user', accountId, identifier, reason, at: ctx.now().toISOString() } });
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      await throttle.succeeded(accountKey, address);
      await runCommand(deps, c, userStreamId(found._id), account, { type: 'RecordSignIn', at: ctx.now().toISOString() });
      await startUserSession(c, deps, { id: found._id, role: state.role, sessionVersion: state.sessionVersion });
      const safeRedirect = sameSitePath(redirectTo);
      return c.json({ user: await loadUserJson(found._id), ...(safeRedirect ? { redirectTo: safeRedirect } : {}) });
    })

    .post('/logout', async (c) => {
      await signOut(deps, c, 'user');
      return c.json({ success: true });
    })

    .get('/user', requireUser(), async (c) => {
      const user = await findUser(deps.readStore, currentUserId(c));
      if (!user) throw new UnauthorizedError();
      return c.json(toUserJson(user));
    })

    .put('/user/info', requireUser(), async (c) => {
      const userId = currentUserId(c);
      const { name, phone } = await readJson(c, userInfoSchema);
      await runCommand(deps, c, userStreamId(userId), account, { type: 'UpdateInfo', name, phone: phone ?? null, at: ctx.now().toISOString() });
      return c.json(await loadUserJson(userId));
    });
}

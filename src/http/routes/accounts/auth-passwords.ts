import type { Context } from 'hono';
import { Hono } from 'hono';
import { userStreamId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import { INVALID_RESET_TOKEN, changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '../../../contract/accounts/accounts';
import { ValidationError } from '../../../domain/shared/errors';
import type { UserDoc } from '../../../projections/accounts/users';
import { findAccountToken, findUserByEmail } from '../../../projections/accounts/users-queries';
import { passwordResetMail, resetLink } from '../../../mail/accounts/templates';
import { readAccount } from '../../aggregates';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { createToken, hashPassword, hashToken, verifyPassword } from '../../platform/passwords';
import { addressLimitKey } from '../../platform/rate-limit';
import { readJson } from '../../validation';
import type { AuthContext } from './auth-shared';
import { PASSWORD_RESET_MS, RATE_RULES, currentUserId, endUserSession, startUserSession } from './auth-shared';

/** The one answer to every valid forgot-password request, so it never tells whether an account exists. */
export const FORGOT_PASSWORD_ANSWER = { message: 'If an account exists for that email, a password reset link has been sent.' };

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** PUT /api/user/change-password, POST /api/forgot-password, POST /api/reset-password. */
export function createPasswordRoutes(ctx: AuthContext) {
  const { deps, limiter } = ctx;

  /**
   * Issues a reset token and mails the link. Runs after the answer is sent, so
   * a known email answers as fast as an unknown one.
   */
  const sendResetLink = async (c: Context<AppEnv>, user: UserDoc) => {
    const now = ctx.now();
    const { token, tokenHash } = createToken();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_MS).toISOString();
    await runCommand(deps, c, userStreamId(user._id), account, { type: 'IssuePasswordReset', tokenHash, expiresAt, at: now.toISOString() });
    await deps.mailer.send(passwordResetMail({ to: user.email, name: user.name, link: resetLink(deps.env.publicUrl, token) }));
  };

  return new Hono<AppEnv>()
    .post('/forgot-password', async (c) => {
      await limiter.hit(RATE_RULES.forgotPerAddress, addressLimitKey(c));
      const { email } = await readJson(c, forgotPasswordSchema);
      const user = await findUserByEmail(deps.readStore, email.toLowerCase());
      // A mailbox gets a few links an hour at most; beyond that the same answer, and no mail.
      if (user && !(await limiter.isExhausted(RATE_RULES.forgotPerAccount, user._id))) {
        await limiter.record(RATE_RULES.forgotPerAccount, user._id);
        void sendResetLink(c, user).catch((error: unknown) =>
          deps.logger.error('password reset mail failed', { requestId: c.get('requestId'), userId: user._id, error }),
        );
      }
      return c.json(FORGOT_PASSWORD_ANSWER);
    })

    .post('/reset-password', async (c) => {
      await limiter.hit(RATE_RULES.resetPerAddress, addressLimitKey(c));
      const { token, password } = await readJson(c, resetPasswordSchema);
      const found = await findAccountToken(deps.readStore, hashToken(token));
      if (!found || found.kind !== 'password-reset') throw new ValidationError(INVALID_RESET_TOKEN, { token: INVALID_RESET_TOKEN });
      const passwordHash = await hashPassword(password);
      await runCommand(deps, c, userStreamId(found.userId), account, {
        type: 'CompletePasswordReset',
        tokenHash: found._id,
        passwordHash,
        at: ctx.now().toISOString(),
      });
      // Every session ended with the reset, this browser's too.
      endUserSession(c, deps);
      return c.json({ message: 'Password has been reset successfully' });
    })

    .put('/user/change-password', requireUser(), async (c) => {
      const userId = currentUserId(c);
      const { currentPassword, newPassword } = await readJson(c, changePasswordSchema);
      await limiter.check(RATE_RULES.changePasswordFailuresPerAccount, userId);
      const state = await readAccount(deps, userId);
      const valid = state.status === 'registered' && state.passwordHash !== null && (await verifyPassword(currentPassword, state.passwordHash));
      if (!valid) {
        await limiter.record(RATE_RULES.changePasswordFailuresPerAccount, userId);
        // 400, not 401: the client reads 401 as "signed out".
        throw new ValidationError(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
      }
      const passwordHash = await hashPassword(newPassword);
      const result = await runCommand(deps, c, userStreamId(userId), account, { type: 'SetPassword', reason: 'change', passwordHash, at: ctx.now().toISOString() });
      if (result.state.status !== 'registered') throw new Error('The account vanished while its password changed');
      // The version rose, ending every other session; this browser gets a session at the new version.
      await startUserSession(c, deps, { id: userId, role: result.state.role, sessionVersion: result.state.sessionVersion });
      return c.json({ message: 'Password updated successfully' });
    });
}

import type { Context } from 'hono';
import { Hono } from 'hono';
import type { RegisteredAccount } from '../../../domain/accounts/account';
import { userStreamId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { verificationLink, verificationMail } from '../../../mail/accounts/templates';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { addressLimitKey } from '../../platform/rate-limit';
import { createToken, hashToken } from '../../platform/passwords';
import type { AuthContext } from './auth-shared';
import { EMAIL_VERIFICATION_HOURS, RATE_RULES, currentUserId } from './auth-shared';
import { findAccountToken, findUser } from '../../../projections/accounts/users-queries';

/**
 * Issues a new verification token and mails its link. The raw token exists
 * only in this request and in the mail, so the mail is sent here rather than
 * by a reaction to the event, which carries only the token's hash.
 */
export async function sendEmailVerification(ctx: AuthContext, c: Context<AppEnv>, user: Pick<RegisteredAccount, 'userId' | 'email' | 'name'>) {
  const { deps } = ctx;
  const now = ctx.now();
  const { token, tokenHash } = createToken();
  const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_HOURS * 3600_000).toISOString();
  await runCommand(deps, c, userStreamId(user.userId), account, { type: 'IssueEmailVerification', tokenHash, expiresAt, at: now.toISOString() });
  await deps.mailer.send(
    verificationMail({ to: user.email, name: user.name, link: verificationLink(deps.env.publicUrl, token), validHours: EMAIL_VERIFICATION_HOURS }),
  );
}

/** GET /api/verify-email (the link in the mail) and POST /api/resend-verification. */
export function createEmailVerificationRoutes(ctx: AuthContext) {
  const { deps } = ctx;
  return new Hono<AppEnv>()
    .get('/verify-email', async (c) => {
      await ctx.limiter.hit(RATE_RULES.verifyPerAddress, addressLimitKey(c));
      const token = c.req.query('token');
      const found = token ? await findAccountToken(ctx.deps.readStore, hashToken(token)) : null;
      if (!token || !found || found.kind !== 'email-verification') return c.redirect('/home?emailVerification=invalid', 302);
      try {
        await runCommand(deps, c, userStreamId(found.userId), account, { type: 'VerifyEmail', tokenHash: found._id, at: ctx.now().toISOString() });
      } catch (error) {
        if (error instanceof ValidationError || error instanceof NotFoundError) return c.redirect('/home?emailVerification=invalid', 302);
        throw error;
      }
      // /home says it worked (a toast), then drops the parameter.
      return c.redirect('/home?emailVerification=verified', 302);
    })
    .post('/resend-verification', requireUser(), async (c) => {
      const userId = currentUserId(c);
      await ctx.limiter.hit(RATE_RULES.resendPerAccount, userId);
      const user = await findUser(ctx.deps.readStore, userId);
      if (!user) throw new NotFoundError('User not found');
      await sendEmailVerification(ctx, c, { userId: user._id as RegisteredAccount['userId'], email: user.email, name: user.name });
      return c.json({ message: 'Verification email sent' });
    });
}

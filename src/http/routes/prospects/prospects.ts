import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ProspectSubmitted } from '../../../domain/prospects/decide';
import { prospectDecider, prospectStreamId } from '../../../domain/prospects/decide';
import { prospectSchema } from '../../../contract/prospect-requests';
import { prospectMail } from '../../../mail/prospect';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../client-address';
import type { RateRule } from '../../rate-limit';
import { addressLimitKey, createRateLimiter } from '../../rate-limit';
import { readJson } from '../../validation';
import { honourIdempotencyKey } from '../../idempotency';
import { newRequestId } from '../../request-seeds';

/** Contact forms per address: enough for a household or an office, not for a flood of mail to support. */
export const PROSPECT_RATE_RULE: RateRule = { name: 'prospects-address', limit: 10, windowMs: 60 * 60_000 };

/** POST /api/prospects: the contact and prospect forms of the public pages (no sign-in). */
export function createProspectRoutes(deps: AppDeps): Hono<AppEnv> {
  const limiter = createRateLimiter({ enabled: deps.env.RATE_LIMITS !== 'off', counters: deps.rateCounters });
  const routes = new Hono<AppEnv>();

  routes.post('/prospects', async (c) => {
    await limiter.hit(PROSPECT_RATE_RULE, addressLimitKey(c));
    const data = await readJson(c, prospectSchema);
    await honourIdempotencyKey(deps, c);
    const { events, replayed } = await runCommand(deps, c, prospectStreamId(data.email), prospectDecider, {
      type: 'SubmitProspect',
      prospectId: newRequestId(c),
      email: data.email,
      inquiryType: data.inquiryType,
      message: data.message ?? null,
      page: data.page,
      ipAddress: clientAddress(c),
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      at: deps.clock().toISOString(),
    });
    // A duplicate within the window gets the same answer and records nothing, so it mails nothing either.
    // A retry of one that landed (same Idempotency-Key) mails nothing again either.
    if (!replayed) for (const event of events) notifySupport(deps, c, event);
    return c.json({ success: true }, 201);
  });

  return routes;
}

/**
 * Mails support about a new prospect, after the answer: the visitor does not
 * wait on the mail provider, and a failed mail is logged (the prospect is in
 * the back office either way).
 */
function notifySupport(deps: AppDeps, c: Context<AppEnv>, event: ProspectSubmitted): void {
  const to = deps.env.SUPPORT_EMAIL ?? deps.env.ADMIN_EMAIL;
  const { prospectId, email, inquiryType, message, page, at } = event.data;
  if (!to) {
    deps.logger.info('prospect mail skipped: neither SUPPORT_EMAIL nor ADMIN_EMAIL is set', { requestId: c.get('requestId'), prospectId });
    return;
  }
  const mail = prospectMail({ to, prospect: { email, inquiryType, message, page, createdAt: at }, adminUrl: `${deps.env.publicUrl}/admin` });
  deps.mailer.send(mail).catch((error: unknown) => {
    deps.logger.error('prospect mail failed', { requestId: c.get('requestId'), prospectId, error });
  });
}

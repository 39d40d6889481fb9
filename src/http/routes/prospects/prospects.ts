import { Hono } from 'hono';
import { prospectDecider, prospectStreamId } from '../../../domain/prospects/decide';
import { prospectSchema } from '../../../contract/prospects/prospect-requests';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../platform/client-address';
import type { RateRule } from '../../platform/rate-limit';
import { addressLimitKey, createRateLimiter } from '../../platform/rate-limit';
import { readJson } from '../../validation';
import { honourIdempotencyKey } from '../../platform/idempotency';
import { newRequestId } from '../../platform/request-seeds';

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
    await runCommand(deps, c, prospectStreamId(data.email), prospectDecider, {
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
    // Support's mail follows the ProspectSubmitted in the log (docs/decisions/0063); a duplicate within the window
    // records nothing, and a retry of one that landed (same Idempotency-Key) appends nothing, so neither mails again.
    return c.json({ success: true }, 201);
  });

  return routes;
}

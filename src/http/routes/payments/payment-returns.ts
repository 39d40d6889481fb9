import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { PaymentsConfig } from '../../../contract/payments/payments';
import { CREDIT_PACKAGES } from '../../../domain/payments/packages';
import { NotFoundError } from '../../../domain/shared/errors';
import type { PaymentIntentView } from '../../../payments/port';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../context';
import { requestMetadata } from '../../context';
import { requireUser } from '../../guards';
import { findPayment, settlePayment } from '../../../processes/payments/payment-settlement';
import { readJson, readOptionalJson, validate } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { PAYMENT_NOT_FOUND, answerFor, providerFailure, waitForReadModels } from './payment-shared';

const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;
export const intentId = z.string({ error: PAYMENT_NOT_FOUND }).max(203, { error: PAYMENT_NOT_FOUND, abort: true }).regex(INTENT_ID, PAYMENT_NOT_FOUND);
export const confirmQuery = z.object({ payment_intent: intentId });
export const confirmBody = z.object({ paymentIntentId: intentId });
export const authenticateBody = z.object({ outcome: z.enum(['complete', 'fail'], { error: "Outcome must be 'complete' or 'fail'" }).default('complete') });

/**
 * The return from a card payment's authentication: the /store redirect (GET or
 * POST /payments/confirm) and, in simulated mode, the client's simulated card
 * dialog. Each asks the provider for the intent's real status (the query
 * string is never trusted) and settles it like a webhook would.
 */
export function createPaymentReturnRoutes(deps: AppDeps) {
  const { provider } = deps.payments;

  /** The intent, once it is known to be a payment of the signed-in realtor. */
  const ownIntent = async (c: Context<AppEnv>, id: string, load: () => Promise<PaymentIntentView | null>) => {
    let intent: PaymentIntentView | null;
    try {
      intent = await load();
    } catch (error) {
      throw providerFailure(error, 'Payment verification failed');
    }
    const known = intent ? await findPayment(deps.eventStore, intent.metadata.paymentId) : null;
    if (!intent || intent.id !== id || !known || known.userId !== currentUserId(c)) throw new NotFoundError(PAYMENT_NOT_FOUND);
    return intent;
  };

  const settleAndAnswer = async (c: Context<AppEnv>, intent: PaymentIntentView) => {
    const outcome = await settlePayment(deps.eventStore, intent, deps.clock().toISOString(), requestMetadata(c));
    if (!outcome) throw new NotFoundError(PAYMENT_NOT_FOUND);
    await waitForReadModels(deps, c, outcome.position);
    return c.json(answerFor(outcome, intent));
  };

  const confirm = async (c: Context<AppEnv>, id: string) => settleAndAnswer(c, await ownIntent(c, id, () => provider.retrievePayment(id)));

  return new Hono<AppEnv>()
    .get('/payments/config', (c) =>
      c.json<PaymentsConfig>({
        mode: provider.mode,
        publishableKey: deps.payments.publishableKey ?? null,
        returnUrl: `${deps.env.publicUrl}/store`,
        packages: CREDIT_PACKAGES,
      }),
    )

    .get('/payments/confirm', requireUser('realtor'), async (c) => confirm(c, validate(confirmQuery, c.req.query()).payment_intent))

    .post('/payments/confirm', requireUser('realtor'), async (c) => confirm(c, (await readJson(c, confirmBody)).paymentIntentId))

    .post('/payments/simulated/:paymentIntentId/confirm', requireUser('realtor'), async (c) => {
      const simulated = provider.simulated;
      if (!simulated) throw new NotFoundError('Not found');
      const id = validate(intentId, c.req.param('paymentIntentId'));
      // The simulated dialog may send no body at all.
      const { outcome } = await readOptionalJson(c, authenticateBody);
      await ownIntent(c, id, () => provider.retrievePayment(id));
      const intent = await ownIntent(c, id, () => simulated.authenticate(id, outcome));
      return settleAndAnswer(c, intent);
    });
}

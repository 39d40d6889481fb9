import { Hono } from 'hono';
import { z } from 'zod';
import { NO_PAYMENT_METHOD } from '../../../domain/accounts/billing';
import { userStreamId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import { NotFoundError } from '../../../domain/shared/errors';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { readJson } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { ensureCustomer, loadAccount, providerFailure } from './payment-shared';

const PAYMENT_METHOD_REQUIRED = 'Payment method is required';

export const savePaymentMethodSchema = z.object({
  paymentMethodId: z
    .string({ error: PAYMENT_METHOD_REQUIRED })
    .trim()
    // The length aborts the checks, so the pattern never reads a long input (docs/decisions/0021).
    .max(255, { error: 'Please check your payment details', abort: true })
    .min(1, PAYMENT_METHOD_REQUIRED)
    .regex(/^pm_[A-Za-z0-9_]+$/, 'Please check your payment details'),
});

/** The realtor's saved card (SPEC §4 payment-method setup): setup, save, remove. */
export function createPaymentMethodRoutes(deps: AppDeps) {
  const { provider } = deps.payments;

  return new Hono<AppEnv>()
    .post('/payment-method/setup', requireUser('realtor'), async (c) => {
      const realtor = await loadAccount(deps, currentUserId(c));
      try {
        const customerId = await ensureCustomer(deps, c, realtor);
        const { clientSecret } = await provider.createSetupIntent({ customerId, userId: realtor.userId, idempotencyKey: `setup-${crypto.randomUUID()}` });
        return c.json({ clientSecret });
      } catch (error) {
        throw providerFailure(error, 'Failed to initialize payment method setup');
      }
    })

    .post('/payment-method/save', requireUser('realtor'), async (c) => {
      const { paymentMethodId } = await readJson(c, savePaymentMethodSchema);
      const realtor = await loadAccount(deps, currentUserId(c));
      let saved: string;
      let card: { brand: string; last4: string } | null;
      try {
        const customerId = await ensureCustomer(deps, c, realtor);
        ({ paymentMethodId: saved, card } = await provider.attachPaymentMethod({ customerId, paymentMethodId, idempotencyKey: `attach-${realtor.userId}-${paymentMethodId}` }));
      } catch (error) {
        throw providerFailure(error, 'Payment failed');
      }
      await runCommand(deps, c, userStreamId(realtor.userId), account, { type: 'SavePaymentMethod', paymentMethodId: saved, card, source: 'client', at: deps.clock().toISOString() });
      return c.json({ success: true, hasPaymentMethod: true });
    })

    .delete('/payment-method', requireUser('realtor'), async (c) => {
      const realtor = await loadAccount(deps, currentUserId(c));
      if (!realtor.paymentMethodId) throw new NotFoundError(NO_PAYMENT_METHOD);
      try {
        await provider.detachPaymentMethod(realtor.paymentMethodId);
      } catch (error) {
        // The card is never charged again either way; the provider keeps it attached until someone detaches it there.
        deps.logger.warn('payment method detach failed', { requestId: c.get('requestId'), userId: realtor.userId, error });
      }
      await runCommand(deps, c, userStreamId(realtor.userId), account, { type: 'RemovePaymentMethod', at: deps.clock().toISOString() });
      return c.json({ success: true, hasPaymentMethod: false });
    });
}

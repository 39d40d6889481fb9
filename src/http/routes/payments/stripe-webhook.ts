import type { Context } from 'hono';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { userStreamId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../domain/shared/errors';
import type { EventMetadata } from '../../../event-store/port';
import { toIntentView } from '../../../payments/stripe';
import { readAccount } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { appendCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { settlePayment } from '../../../processes/payments/payment-settlement';

export const INVALID_SIGNATURE = 'Webhook signature verification failed';

/**
 * POST /stripe/webhook: Stripe's signed events (exempt from the Origin check,
 * src/http/platform/origin.ts). The signature is checked on the raw body with
 * STRIPE_WEBHOOK_SECRET; a bad one is 400 and changes nothing. Payment
 * outcomes are settled like the purchase answer and the redirect return
 * (src/processes/payments/payment-settlement.ts), so any number of deliveries in any order
 * credit a payment once. Events it does not handle answer 2xx.
 */
export function createStripeWebhookRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/stripe/webhook', async (c) => {
    const secret = deps.payments.webhookSecret;
    const signature = c.req.header('stripe-signature');
    const payload = await c.req.text();
    if (!secret || !signature) return c.json({ message: INVALID_SIGNATURE }, 400);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      return c.json({ message: INVALID_SIGNATURE }, 400);
    }
    const metadata: EventMetadata = { requestId: c.get('requestId'), source: 'stripe-webhook', stripeEventId: event.id };
    const at = deps.clock().toISOString();
    try {
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed': {
          const outcome = await settlePayment(deps.eventStore, toIntentView(event.data.object), at, metadata);
          if (!outcome) deps.logger.info('webhook for a payment intent that is not ours', { stripeEventId: event.id, paymentIntentId: event.data.object.id });
          break;
        }
        case 'setup_intent.succeeded':
          await saveFromSetup(deps, c, event.data.object, at, metadata);
          break;
        default:
          break;
      }
    } catch (error) {
      // A delivery the domain refuses would be refused again: acknowledge it, and say why in the log.
      if (!(error instanceof ValidationError || error instanceof ConflictError || error instanceof NotFoundError || error instanceof ForbiddenError)) throw error;
      deps.logger.warn('webhook refused by the domain', { stripeEventId: event.id, type: event.type, error });
    }
    return c.json({ received: true });
  });
}

/** A card saved by a setup whose client never called save: recorded only when the account has no card (src/domain/accounts/billing.ts). */
async function saveFromSetup(deps: AppDeps, c: Context<AppEnv>, setup: Stripe.SetupIntent, at: string, metadata: EventMetadata): Promise<void> {
  const userId = setup.metadata?.userId;
  const paymentMethodId = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
  const customerId = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
  if (!userId || !paymentMethodId || !customerId) return;
  const streamId = userStreamId(userId);
  const state = await readAccount(deps, userId);
  // Only a setup made for this account's own customer.
  if (state.status !== 'registered' || state.paymentCustomerId !== customerId) return;
  await appendCommand(deps, c, streamId, account, { type: 'SavePaymentMethod', paymentMethodId, source: 'webhook', at }, { metadata });
}

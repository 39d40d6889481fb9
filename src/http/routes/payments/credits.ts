import type { Context } from 'hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { StatementEntry } from '../../../contract/payments/credits';
import type { PurchaseAnswer } from '../../../contract/payments/payments';
import { CURRENCY, creditsLabel, findPackage, purchaseSchema } from '../../../domain/payments/packages';
import { NO_PAYMENT_METHOD } from '../../../domain/accounts/billing';
import type { PaymentCommand } from '../../../domain/payments/payment';
import { payment, paymentStreamId } from '../../../domain/payments/payment';
import { ConflictError, ValidationError } from '../../../domain/shared/errors';
import { PaymentProviderError } from '../../../payments/port';
import { describeLedgerEntry } from '../../../projections/payments/credit-statement';
import { creditLedgerListings, creditLedgerOf } from '../../../projections/payments/credit-statement-queries';
import type { AppDeps } from '../../deps';
import { nameToUuid } from '../../../processes/bidding/bid-refunds';
import { appendCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requestMetadata } from '../../context';
import { requireUser } from '../../guards';
import type { KnownPayment } from '../../../processes/payments/payment-settlement';
import { findPayment, intentEventId, settlePayment } from '../../../processes/payments/payment-settlement';
import { readJson } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { answerFor, loadAccount, providerFailure, waitForReadModels } from './payment-shared';
import { IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MESSAGE } from '../../platform/idempotency';
import { RequestKeyReusedError } from '../../../domain/shared/request-keys';

/** POST /credits/purchase and GET /credits/statement, for realtors. */
export function createCreditRoutes(deps: AppDeps) {

  return new Hono<AppEnv>()
    .post('/credits/purchase', requireUser('realtor'), async (c) => {
      const { credits } = await readJson(c, purchaseSchema);
      const pkg = findPackage(credits);
      if (!pkg) throw new ValidationError('Choose a credit package of 1, 3 or 5 credits');
      const userId = currentUserId(c);
      const realtor = await loadAccount(deps, userId);
      if (!realtor.paymentMethodId || !realtor.paymentCustomerId) {
        const answer: PurchaseAnswer = {
          success: false,
          credits: pkg.credits,
          requiresAction: false,
          clientSecret: null,
          requiresPaymentMethod: true,
          message: NO_PAYMENT_METHOD,
          status: null,
          paymentId: null,
          paymentIntentId: null,
          balance: null,
        };
        return c.json(answer);
      }

      // A retried request with the same Idempotency-Key is the same payment, so it is charged once.
      const key = c.req.header('idempotency-key');
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new ValidationError(IDEMPOTENCY_KEY_MESSAGE);
      const paymentId = key ? nameToUuid(`purchase:${userId}:${key}`) : crypto.randomUUID();
      const at = deps.clock().toISOString();
      const metadata = requestMetadata(c);
      const create = { type: 'CreatePayment', paymentId, userId, credits: pkg.credits, amountCents: pkg.price, at } as const;
      const existing = await createOrResume(deps, c, create, key !== undefined);
      if (existing && (existing.userId !== userId || existing.credits !== pkg.credits)) throw new RequestKeyReusedError();

      let intent;
      try {
        intent = await deps.payments.provider.createPayment({
          paymentId,
          userId,
          customerId: realtor.paymentCustomerId,
          paymentMethodId: realtor.paymentMethodId,
          amountCents: pkg.price,
          credits: pkg.credits,
          currency: CURRENCY,
          description: `BidHome: ${creditsLabel(pkg.credits)}`,
        });
      } catch (error) {
        // Unreachable: the payment stays pending, as the charge may still have happened; a webhook settles it.
        if (isRefusal(error)) {
          const reason = error.message;
          await appendCommand(deps, c, paymentStreamId(paymentId), payment, { type: 'RecordPaymentFailed', paymentIntentId: null, reason, at });
        }
        throw providerFailure(error, 'Payment failed');
      }
      await appendCommand(deps, c, paymentStreamId(paymentId), payment, { type: 'AttachPaymentIntent', paymentIntentId: intent.id, at }, { eventId: () => intentEventId(paymentId), maxAttempts: 20 });
      const outcome = await settlePayment(deps.eventStore, intent, at, metadata);
      if (!outcome) throw new Error(`Payment ${paymentId} vanished`);
      await waitForReadModels(deps, c, outcome.position);
      const answer = answerFor(outcome, intent);
      // A refused card is an error answer, so the client's 'Purchase failed' toast shows the provider's words.
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled') throw new HTTPException(402, { message: answer.message });
      return c.json(answer);
    })

    .get('/credits/statement', requireUser('realtor'), async (c) => {
      const entries = await creditLedgerOf(deps.readStore, currentUserId(c));
      // Titles are read now, so an entry names its listing as it was last called, deleted or not.
      const propertyIds = [...new Set(entries.flatMap((entry) => (entry.propertyId === undefined ? [] : [entry.propertyId])))];
      const titled = new Map((propertyIds.length === 0 ? [] : await creditLedgerListings(deps.readStore, propertyIds)).map((listing) => [listing._id, listing]));
      return c.json<StatementEntry[]>(
        entries.map((entry) => ({
          id: entry._id,
          kind: entry.kind,
          reason: entry.reason,
          ...describeLedgerEntry(entry, entry.propertyId === undefined ? null : (titled.get(entry.propertyId) ?? null)),
          delta: entry.delta,
          balanceAfter: entry.balanceAfter,
          createdAt: entry.at,
        })),
      );
    });
}

/**
 * Creates the payment, or finds the one a retry (or a racing twin) with the
 * same Idempotency-Key made, which the purchase then carries on with.
 */
async function createOrResume(deps: AppDeps, c: Context<AppEnv>, create: Extract<PaymentCommand, { type: 'CreatePayment' }>, keyed: boolean): Promise<KnownPayment | null> {
  const existing = await findPayment(deps.eventStore, create.paymentId);
  if (existing) return existing;
  try {
    await appendCommand(deps, c, paymentStreamId(create.paymentId), payment, create);
    return null;
  } catch (error) {
    if (keyed && error instanceof ConflictError) return findPayment(deps.eventStore, create.paymentId);
    throw error;
  }
}

function isRefusal(error: unknown): error is PaymentProviderError {
  return error instanceof PaymentProviderError && error.kind !== 'unavailable';
}

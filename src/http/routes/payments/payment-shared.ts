import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { userStreamId } from '../../../domain/accounts/commands';
import { account } from '../../../domain/accounts/decide';
import type { RegisteredAccount } from '../../../domain/accounts/account';
import { NotFoundError } from '../../../domain/shared/errors';
import type { LogPosition } from '../../../event-store/port';
import type { PurchaseAnswer } from '../../../contract/payments/payments';
import type { PaymentIntentView } from '../../../payments/port';
import { PaymentProviderError } from '../../../payments/port';
import { readAccount } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { noteLogPosition, runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import type { SettleOutcome } from '../../../processes/payments/payment-settlement';

export const PAYMENT_PROCESSING = 'Payment Processing';
export const AUTHENTICATION_REQUIRED = 'Card authentication required';
export const PAYMENT_NOT_FOUND = 'Payment not found';

export function answerFor(outcome: SettleOutcome, intent: PaymentIntentView): PurchaseAnswer {
  const { credits, paymentId } = outcome.payment;
  const base = { credits, paymentId, paymentIntentId: intent.id, status: intent.status, requiresPaymentMethod: false, balance: outcome.balance };
  switch (intent.status) {
    case 'succeeded':
      // The spec's toast text, as quoted: '{n} credits added to your account'.
      return { ...base, success: true, requiresAction: false, clientSecret: null, message: `${credits} credits added to your account` };
    case 'requires_action':
    case 'requires_confirmation':
      return { ...base, success: false, requiresAction: true, clientSecret: intent.clientSecret, message: AUTHENTICATION_REQUIRED };
    case 'requires_payment_method':
    case 'canceled':
      return { ...base, success: false, requiresAction: false, clientSecret: null, message: intent.failureMessage ?? 'Payment failed' };
    default:
      return { ...base, success: false, requiresAction: false, clientSecret: null, message: PAYMENT_PROCESSING };
  }
}

/**
 * A provider failure as an HTTP answer: a refused card is 402 with the
 * provider's words, wrong details 400, an unreachable provider 502 with the
 * catalogue's message for the step (SPEC §8).
 */
export function providerFailure(error: unknown, unavailableMessage: string): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  if (error.kind === 'card') return new HTTPException(402, { message: error.message });
  if (error.kind === 'invalid') return new HTTPException(400, { message: 'Please check your payment details' });
  return new HTTPException(502, { message: unavailableMessage });
}

/** Read your writes: waits for the read models to include `position`, or the whole log when another caller wrote. */
export async function waitForReadModels(deps: AppDeps, c: Context<AppEnv>, position: LogPosition | undefined): Promise<void> {
  const target = position ?? (await deps.eventStore.headPosition());
  noteLogPosition(c, target);
  if (!(await deps.projections.waitFor(target, 5000))) {
    deps.logger.warn('read models lag behind a payment', { requestId: c.get('requestId'), position: target });
  }
}

export async function loadAccount(deps: AppDeps, userId: string): Promise<RegisteredAccount> {
  const state = await readAccount(deps, userId);
  if (state.status !== 'registered') throw new NotFoundError('User not found');
  return state;
}

/** The realtor's customer at the provider, created once: the idempotency key is the user's, and the first one recorded stays. */
export async function ensureCustomer(deps: AppDeps, c: Context<AppEnv>, realtor: RegisteredAccount): Promise<string> {
  if (realtor.paymentCustomerId) return realtor.paymentCustomerId;
  const { customerId } = await deps.payments.provider.createCustomer({
    userId: realtor.userId,
    email: realtor.email,
    name: realtor.name,
    idempotencyKey: `customer-${realtor.userId}`,
  });
  const { state } = await runCommand(deps, c, userStreamId(realtor.userId), account, { type: 'RecordPaymentCustomer', customerId, at: deps.clock().toISOString() });
  return (state.status === 'registered' ? state.paymentCustomerId : null) ?? customerId;
}

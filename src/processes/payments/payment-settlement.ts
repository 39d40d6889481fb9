import { userStreamId } from '../../domain/accounts/commands';
import { account } from '../../domain/accounts/decide';
import type { PaymentState, PaymentSucceeded } from '../../domain/payments/payment';
import { payment, paymentStreamId } from '../../domain/payments/payment';
import { handleCommand, loadState } from '../../domain/shared/command-handler';
import type { EventMetadata, EventStore, LogPosition } from '../../event-store/port';
import type { PaymentIntentView } from '../../payments/port';
import { nameToUuid } from '../bidding/bid-refunds';

/*
 * What every path that learns a payment's outcome does (docs/decisions/0017):
 * the purchase answer, the card-redirect return, the simulated authentication
 * and the webhook all call `settle` with the provider's view of the intent.
 * 1. The payment stream records the outcome once (its decider ignores a repeat).
 * 2. On success, the realtor's account stream adds the credits once: its
 *    decider refuses a second CreditsPurchased for the paymentId, and the event
 *    id is derived from the paymentId, so a racing identical append is a no-op.
 * Step 2 runs on every call, not only when step 1 wrote, so a crash between the
 * two appends is healed by the next report; the payment-credits process
 * manager (payment-credits.ts) also runs it, until done, for every
 * PaymentSucceeded the log shows not credited yet.
 */

export type KnownPayment = Exclude<PaymentState, { status: 'none' }>;

export interface SettleOutcome {
  /** The provider's status of the intent. */
  status: PaymentIntentView['status'];
  payment: KnownPayment;
  /** The realtor's balance after the credits were added; null unless the payment succeeded. */
  balance: number | null;
  /** The last log position this call wrote or found, to wait on read models. */
  position: LogPosition | undefined;
}

export const succeededEventId = (paymentId: string) => nameToUuid(`payment-succeeded:${paymentId}`);
export const failedEventId = (paymentId: string) => nameToUuid(`payment-failed:${paymentId}`);
export const intentEventId = (paymentId: string) => nameToUuid(`payment-intent:${paymentId}`);
export const creditsEventId = (paymentId: string) => nameToUuid(`credits-purchased:${paymentId}`);

/** The payment an intent was created for, from the paymentId we wrote on it; null when it is not ours. */
export async function findPayment(eventStore: EventStore, paymentId: string | undefined): Promise<KnownPayment | null> {
  if (!paymentId || !/^[0-9a-f-]{36}$/.test(paymentId)) return null;
  const state = await loadState(eventStore, paymentStreamId(paymentId), payment);
  return state.status === 'none' ? null : state;
}

/** Records the provider's outcome on the payment and, when it succeeded, credits the realtor. Null for an intent that is not ours. */
export async function settlePayment(eventStore: EventStore, intent: PaymentIntentView, at: string, metadata: EventMetadata): Promise<SettleOutcome | null> {
  const known = await findPayment(eventStore, intent.metadata.paymentId);
  if (!known) return null;
  const { paymentId } = known;
  const streamId = paymentStreamId(paymentId);
  switch (intent.status) {
    case 'succeeded': {
      const recorded = await handleCommand(
        eventStore,
        streamId,
        payment,
        { type: 'RecordPaymentSucceeded', paymentIntentId: intent.id, chargeId: intent.chargeId, amountCents: intent.amountCents, at },
        { eventId: () => succeededEventId(paymentId), metadata, maxAttempts: 20 },
      );
      const paid = recorded.state;
      if (paid.status !== 'succeeded') throw new Error(`Payment ${paymentId} did not succeed`);
      const credited = await creditPayment(eventStore, { paymentId, userId: paid.userId, paymentIntentId: paid.paymentIntentId, credits: paid.credits, amountCents: paid.amountCents, at }, metadata);
      return { status: intent.status, payment: paid, balance: credited.balance, position: latest(recorded.position, credited.position) };
    }
    case 'requires_payment_method':
    case 'canceled': {
      const recorded = await handleCommand(
        eventStore,
        streamId,
        payment,
        { type: 'RecordPaymentFailed', paymentIntentId: intent.id, reason: intent.failureMessage ?? 'Payment failed', at },
        { eventId: () => failedEventId(paymentId), metadata, maxAttempts: 20 },
      );
      return { status: intent.status, payment: recorded.state as KnownPayment, balance: null, position: recorded.position };
    }
    default:
      return { status: intent.status, payment: known, balance: null, position: undefined };
  }
}

/** Adds a succeeded payment's credits to its realtor, once per paymentId however often it is called. */
export async function creditPayment(
  eventStore: EventStore,
  paid: Omit<PaymentSucceeded['data'], 'chargeId'>,
  metadata: EventMetadata,
): Promise<{ balance: number; position: LogPosition | undefined }> {
  const { paymentId, paymentIntentId, credits, amountCents, at } = paid;
  const result = await handleCommand(
    eventStore,
    userStreamId(paid.userId),
    account,
    { type: 'PurchaseCredits', paymentId, paymentIntentId, credits, amountCents, at },
    // Many racing reports: each retry re-reads, and the decider then decides nothing.
    { eventId: () => creditsEventId(paymentId), metadata, maxAttempts: 20 },
  );
  const balance = result.state.status === 'registered' ? result.state.credits : 0;
  return { balance, position: result.position };
}

function latest(a: LogPosition | undefined, b: LogPosition | undefined): LogPosition | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

import type { PaymentEvent } from '../../domain/payments/payment';
import { isPaymentEvent } from '../../domain/payments/payment';
import { assertNever } from '../../domain/shared/decider';
import type { RecordedEvent } from '../../event-store/port';
import type { Collection } from '../../read-store/port';
import type { Projection } from '../projection';
import { updateOnce, upsertOnce } from '../projection';

export const PAYMENTS = 'payments';

/** One card payment (SPEC §3 payments), keyed by our paymentId. Amounts are cents. */
export type PaymentDoc = {
  _id: string;
  userId: string;
  amount: number;
  credits: number;
  status: 'pending' | 'succeeded' | 'failed';
  stripePaymentIntentId: string | null;
  stripeChargeId: string | null;
  failureReason: string | null;
  processedAt: string | null;
  createdAt: string;
  _position?: number;
};

/** The `payments` read model, from the payment streams: the admin Payments tab and the revenue stat. */
export function createPaymentsProjection(): Projection {
  return {
    name: PAYMENTS,
    collections: [PAYMENTS],
    handles: ['PaymentCreated', 'PaymentIntentAttached', 'PaymentSucceeded', 'PaymentFailed'] satisfies PaymentEvent['type'][],
    async setup(store) {
      const payments = store.collection<PaymentDoc>(PAYMENTS);
      await payments.createIndex({ createdAt: -1, _id: -1 });
      await payments.createIndex({ userId: 1 });
      await payments.createIndex({ status: 1 });
      // Not unique: pending payments have no intent yet; the payment stream keeps one intent per payment.
      await payments.createIndex({ stripePaymentIntentId: 1 });
    },
    async apply(event, store) {
      if (isPaymentEvent(event)) await applyPaymentEvent(event, store.collection<PaymentDoc>(PAYMENTS));
    },
  };
}

async function applyPaymentEvent(event: RecordedEvent & PaymentEvent, payments: Collection<PaymentDoc>): Promise<void> {
  const { position } = event;
  const id = event.data.paymentId;
  switch (event.type) {
    case 'PaymentCreated': {
      const { userId, credits, amountCents, at } = event.data;
      await upsertOnce(payments, id, position, {
        $set: { userId, amount: amountCents, credits, status: 'pending', stripePaymentIntentId: null, stripeChargeId: null, failureReason: null, processedAt: null, createdAt: at },
      });
      return;
    }
    case 'PaymentIntentAttached':
      await updateOnce(payments, id, position, { $set: { stripePaymentIntentId: event.data.paymentIntentId } });
      return;
    case 'PaymentSucceeded': {
      const { paymentIntentId, chargeId, at } = event.data;
      await updateOnce(payments, id, position, { $set: { status: 'succeeded', stripePaymentIntentId: paymentIntentId, stripeChargeId: chargeId, failureReason: null, processedAt: at } });
      return;
    }
    case 'PaymentFailed': {
      const { paymentIntentId, reason, at } = event.data;
      await updateOnce(payments, id, position, {
        $set: { status: 'failed', failureReason: reason, processedAt: at, ...(paymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}) },
      });
      return;
    }
    default:
      return assertNever(event);
  }
}

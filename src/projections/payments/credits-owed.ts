import type { CreditsPurchased } from '../../domain/accounts/events';
import { isPaymentEvent } from '../../domain/payments/payment';
import type { RecordedEvent } from '../../event-store/port';
import type { OwedDoc } from '../owed';
import type { Projection } from '../projection';
import { upsertOnce } from '../projection';
import { userStream } from '../../domain/shared/stream-ids';

export const CREDITS_OWED = 'credits_owed';

/** A succeeded payment whose credits are not in its realtor's account yet; `_id` is the paymentId. */
export type CreditsOwedDoc = OwedDoc & {
  userId: string;
  paymentIntentId: string;
  credits: number;
  amountCents: number;
  /** The payment's success time, the `at` of its CreditsPurchased. */
  at: string;
};

/**
 * The credits owed (docs/decisions/0029), for the crediting process manager
 * (src/processes/payments/payment-credits.ts): a PaymentSucceeded owes its credits until the
 * realtor's stream has the CreditsPurchased of the same paymentId.
 */
export function createCreditsOwedProjection(): Projection {
  return {
    name: CREDITS_OWED,
    collections: [CREDITS_OWED],
    handles: ['PaymentSucceeded', 'CreditsPurchased'],
    async setup(store) {
      await store.collection<CreditsOwedDoc>(CREDITS_OWED).createIndex({ doneAt: 1, since: 1 });
    },
    async apply(event, store) {
      const owed = store.collection<CreditsOwedDoc>(CREDITS_OWED);
      if (isPaymentEvent(event)) {
        if (event.type !== 'PaymentSucceeded') return;
        const { paymentId, userId, paymentIntentId, credits, amountCents, at } = event.data;
        await upsertOnce(owed, paymentId, event.position, {
          $set: { userId, paymentIntentId, credits, amountCents, at, since: event.recordedAt, causationId: event.id },
          $setOnInsert: { doneAt: null },
        });
        return;
      }
      if (event.type === 'CreditsPurchased' && userStream.owns(event.streamId)) {
        const { paymentId, at } = (event as RecordedEvent & CreditsPurchased).data;
        // An upsert, so the mark exists before a lagging node could record the debt.
        await upsertOnce(owed, paymentId, event.position, { $set: { doneAt: at } });
      }
    },
  };
}

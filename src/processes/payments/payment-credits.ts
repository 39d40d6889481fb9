import { isPaymentEvent } from '../../domain/payments/payment';
import type { CreditsOwedDoc } from '../../projections/payments/credits-owed';
import { CREDITS_OWED } from '../../projections/payments/credits-owed';
import type { Projection } from '../../projections/projection';
import type { OwedProcessDeps, OwedWork } from '../owed-work';
import { createOwedWork, owedWorkOptions } from '../owed-work';
import { creditPayment } from './payment-settlement';

export const PAYMENT_CREDITS = 'payment-credits';

export type PaymentCreditsReactorDeps = OwedProcessDeps;

export type PaymentCreditsReactor = Projection & Pick<OwedWork<CreditsOwedDoc>, 'start' | 'stop' | 'idle' | 'counts'>;

/**
 * The crediting process manager (docs/decisions/0017, 0029). The HTTP paths
 * credit a succeeded payment at once; this one completes whatever they left
 * undone (a crash between a payment's success and its credit, a store that
 * failed): the `credits_owed` read model lists every PaymentSucceeded whose
 * CreditsPurchased is not in the log yet, and its worker credits each one,
 * retrying failures with capped backoff, at boot and live (as a projection
 * after the read models it hands each new success to the worker). Retries and
 * second nodes append nothing more: the event id derives from the paymentId,
 * and the account decider decides nothing for a payment it has credited.
 */
export function createPaymentCreditsReactor(deps: PaymentCreditsReactorDeps): PaymentCreditsReactor {
  const work = createOwedWork<CreditsOwedDoc>({
    name: 'payment credit',
    owed: () => deps.readStore.collection<CreditsOwedDoc>(CREDITS_OWED),
    async complete(owed) {
      const { _id: paymentId, userId, paymentIntentId, credits, amountCents, at } = owed;
      await creditPayment(deps.eventStore, { paymentId, userId, paymentIntentId, credits, amountCents, at }, { processManager: PAYMENT_CREDITS, causationId: owed.causationId });
    },
    describe: (owed) => ({ processManager: PAYMENT_CREDITS, paymentId: owed._id, userId: owed.userId, causationId: owed.causationId }),
    ...owedWorkOptions(deps),
  });
  return {
    name: PAYMENT_CREDITS,
    collections: [],
    async apply(event, store, context) {
      // Successes from before this start are the worker's, read all at once when it starts.
      if (context?.replaying || !isPaymentEvent(event) || event.type !== 'PaymentSucceeded') return;
      const item = await store.collection<CreditsOwedDoc>(CREDITS_OWED).findOne({ _id: event.data.paymentId, doneAt: null });
      if (item) work.kick(item);
    },
    start: work.start,
    stop: work.stop,
    idle: work.idle,
    counts: work.counts,
  };
}

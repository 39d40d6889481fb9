import { isPaymentEvent } from '../domain/payments/payment';
import type { EventStore } from '../event-store/port';
import type { Projection } from '../projections/projection';
import type { Logger } from './logger';
import { creditPayment } from './payment-settlement';

export const PAYMENT_CREDITS = 'payment-credits';

/**
 * The crediting process manager (docs/decisions/0017). It follows the log with
 * the read models, after them, and for every PaymentSucceeded adds the credits
 * to the realtor's account stream with the event id derived from the paymentId.
 * The HTTP paths credit at once; this one heals a crash between a payment's
 * success and its credit (at the next boot's replay, or live on another node).
 * Replays and second nodes append nothing more: the account decider decides
 * nothing for a payment it has credited.
 */
export function createPaymentCreditsReactor(deps: { eventStore: EventStore; logger: Logger }): Projection {
  return {
    name: PAYMENT_CREDITS,
    collections: [],
    async apply(event) {
      if (!isPaymentEvent(event) || event.type !== 'PaymentSucceeded') return;
      try {
        await creditPayment(deps.eventStore, event.data, { processManager: PAYMENT_CREDITS, causationId: event.id });
      } catch (error) {
        // Never stop the log for one payment: it is logged, and the next replay or report tries again.
        deps.logger.error('payment credit failed', { paymentId: event.data.paymentId, causationId: event.id, error });
      }
    },
  };
}

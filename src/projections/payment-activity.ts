import type { CreditsPurchased, PaymentMethodRemoved, PaymentMethodSaved } from '../domain/accounts/events';
import type { PaymentFailed, PaymentSucceeded } from '../domain/payments/payment';
import type { RecordedEvent } from '../event-store/port';
import type { ActivityDraft, ActivityRow } from './activity-mappings';

/*
 * The activity-log rows of card payments (docs/decisions/0017), spread into
 * ACTIVITY_TABLE. Never a card or customer id beyond the payment's own ids.
 */

const userIdOf = (event: RecordedEvent) => event.streamId.replace(/^user-/, '');

const byUser = (event: RecordedEvent, action: string): ActivityDraft => ({
  actorType: 'user',
  actorId: userIdOf(event),
  action,
  resourceType: 'user',
  resourceId: userIdOf(event),
  details: {},
});

export const PAYMENT_ACTIVITY: {
  PaymentMethodSaved: ActivityRow<PaymentMethodSaved>;
  PaymentMethodRemoved: ActivityRow<PaymentMethodRemoved>;
  CreditsPurchased: ActivityRow<CreditsPurchased>;
  PaymentSucceeded: ActivityRow<PaymentSucceeded>;
  PaymentFailed: ActivityRow<PaymentFailed>;
} = {
  PaymentMethodSaved: { entry: (_data, event) => byUser(event, 'payment_method.save') },
  PaymentMethodRemoved: { entry: (_data, event) => byUser(event, 'payment_method.remove') },
  CreditsPurchased: {
    entry: (data, event) => ({ ...byUser(event, 'credits.purchase'), details: { paymentId: data.paymentId, credits: data.credits, amount: data.amountCents } }),
  },
  PaymentSucceeded: {
    entry: (data) => ({
      actorType: 'user',
      actorId: data.userId,
      action: 'payment.succeed',
      resourceType: 'payment',
      resourceId: data.paymentId,
      details: { amount: data.amountCents, credits: data.credits, paymentIntentId: data.paymentIntentId },
    }),
  },
  PaymentFailed: {
    entry: (data) => ({
      actorType: 'user',
      actorId: data.userId,
      action: 'payment.fail',
      resourceType: 'payment',
      resourceId: data.paymentId,
      details: { reason: data.reason, paymentIntentId: data.paymentIntentId },
    }),
  },
};

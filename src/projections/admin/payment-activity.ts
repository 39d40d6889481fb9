import type { CreditsPurchased, PaymentMethodRemoved, PaymentMethodSaved } from '../../domain/accounts/events';
import type { PaymentCreated, PaymentFailed, PaymentSucceeded } from '../../domain/payments/payment';
import type { ActivityRow } from './activity-rows';
import { byUser, byUserId, change, creditsChange, userTarget } from './activity-rows';

/*
 * The activity-log rows of card payments (docs/decisions/0017), spread into
 * ACTIVITY_TABLE. Never a card or customer id beyond the payment's own ids.
 * A payment created and never settled shows as its `payment.create` entry
 * with no `payment.succeed` or `payment.fail` after it.
 */

export const PAYMENT_ACTIVITY: {
  PaymentMethodSaved: ActivityRow<PaymentMethodSaved>;
  PaymentMethodRemoved: ActivityRow<PaymentMethodRemoved>;
  CreditsPurchased: ActivityRow<CreditsPurchased>;
  PaymentCreated: ActivityRow<PaymentCreated>;
  PaymentSucceeded: ActivityRow<PaymentSucceeded>;
  PaymentFailed: ActivityRow<PaymentFailed>;
} = {
  PaymentMethodSaved: { entry: (_data, event) => byUser(event, 'payment_method.save') },
  PaymentMethodRemoved: { entry: (_data, event) => byUser(event, 'payment_method.remove') },
  CreditsPurchased: {
    entry: (data, event) => ({
      ...byUser(event, 'credits.purchase'),
      details: { paymentId: data.paymentId, credits: data.credits, amount: data.amountCents },
      changes: [creditsChange(data.balanceAfter, data.credits)],
    }),
  },
  PaymentCreated: {
    entry: (data) => ({
      ...byUserId(data.userId, 'payment.create', 'payment', data.paymentId, { amount: data.amountCents, credits: data.credits }),
      target: userTarget(data.userId),
      changes: [change('status', null, 'pending')],
    }),
  },
  PaymentSucceeded: {
    entry: (data) => ({
      ...byUserId(data.userId, 'payment.succeed', 'payment', data.paymentId, { amount: data.amountCents, credits: data.credits, paymentIntentId: data.paymentIntentId }),
      target: userTarget(data.userId),
      changes: [change('status', null, 'succeeded')],
    }),
  },
  PaymentFailed: {
    entry: (data) => ({
      ...byUserId(data.userId, 'payment.fail', 'payment', data.paymentId, { reason: data.reason, paymentIntentId: data.paymentIntentId }),
      target: userTarget(data.userId),
      changes: [change('status', null, 'failed')],
    }),
  },
};

import { assertNever } from '../shared/decider';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { RegisteredAccount } from './account';
import type { BillingCommand } from './commands';
import type { AccountEvent, CreditsPurchased, PaymentCustomerCreated, PaymentMethodRemoved, PaymentMethodSaved } from './events';

export const NO_PAYMENT_METHOD = 'No payment method found';

type BillingEvent = PaymentCustomerCreated | PaymentMethodSaved | PaymentMethodRemoved | CreditsPurchased;

/** Folds the billing events into the account (composed in decide.ts). */
export function evolveBilling(state: RegisteredAccount, event: BillingEvent): RegisteredAccount {
  switch (event.type) {
    case 'PaymentCustomerCreated':
      return { ...state, paymentCustomerId: event.data.customerId };
    case 'PaymentMethodSaved':
      return { ...state, paymentMethodId: event.data.paymentMethodId };
    case 'PaymentMethodRemoved':
      return {
        ...state,
        paymentMethodId: state.paymentMethodId === event.data.paymentMethodId ? null : state.paymentMethodId,
        removedPaymentMethodIds: [...state.removedPaymentMethodIds, event.data.paymentMethodId],
      };
    case 'CreditsPurchased':
      return { ...state, credits: event.data.balanceAfter, purchasedPaymentIds: [...state.purchasedPaymentIds, event.data.paymentId] };
    default:
      return assertNever(event);
  }
}

export function decideBilling(command: BillingCommand, state: RegisteredAccount): AccountEvent[] {
  switch (command.type) {
    case 'RecordPaymentCustomer':
      // Two racing setups create one customer (same idempotency key); the first recorded stays either way.
      if (state.paymentCustomerId !== null) return [];
      return [{ type: 'PaymentCustomerCreated', data: { customerId: command.customerId, at: command.at } }];
    case 'SavePaymentMethod': {
      const { paymentMethodId, card, at } = command;
      if (state.paymentMethodId === paymentMethodId) return [];
      // The client's save is the person's choice; a webhook only fills in a save the client never made,
      // and one about a card since removed or replaced is stale.
      if (command.source === 'webhook' && (state.paymentMethodId !== null || state.removedPaymentMethodIds.includes(paymentMethodId))) return [];
      return [{ type: 'PaymentMethodSaved', data: { paymentMethodId, ...(card ? { card: { brand: card.brand, last4: card.last4 } } : {}), at } }];
    }
    case 'RemovePaymentMethod':
      if (state.paymentMethodId === null) throw new NotFoundError(NO_PAYMENT_METHOD);
      return [{ type: 'PaymentMethodRemoved', data: { paymentMethodId: state.paymentMethodId, at: command.at } }];
    case 'PurchaseCredits': {
      // The exactly-once decision: this stream has seen the payment, so nothing more is added.
      if (state.purchasedPaymentIds.includes(command.paymentId)) return [];
      if (!Number.isSafeInteger(command.credits) || command.credits < 1) throw new ValidationError('Credits must be a whole number of at least 1');
      const { paymentId, paymentIntentId, credits, amountCents, at } = command;
      return [{ type: 'CreditsPurchased', data: { paymentId, paymentIntentId, credits, amountCents, at, balanceAfter: state.credits + credits } }];
    }
    default:
      return assertNever(command);
  }
}

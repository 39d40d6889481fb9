import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import { NotFoundError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { NO_PAYMENT_METHOD } from './billing';
import type { PurchaseCredits, UserId } from './commands';
import { account } from './decide';
import type { AccountEvent } from './events';
import { ledgerEntryOf } from './ledger';

const at = '2026-11-22T10:00:00.000Z';
const userId = 'b7a3c1d2-0000-4000-8000-000000000002' as UserId;
const paymentId = '6c1f3c2e-0000-4000-8000-000000000001';

const registered: AccountEvent = {
  type: 'UserRegistered',
  data: { userId, username: 'rita', email: 'rita@example.com', name: 'Rita Realtor', phone: null, role: 'realtor', at },
};
const customer: AccountEvent = { type: 'PaymentCustomerCreated', data: { customerId: 'cus_1', at } };
const saved = (paymentMethodId: string): AccountEvent => ({ type: 'PaymentMethodSaved', data: { paymentMethodId, at } });
const removed = (paymentMethodId: string): AccountEvent => ({ type: 'PaymentMethodRemoved', data: { paymentMethodId, at } });
const purchase: PurchaseCredits = { type: 'PurchaseCredits', paymentId, paymentIntentId: 'pi_1', credits: 3, amountCents: 3600, at };
const purchased = (balanceAfter: number): AccountEvent => ({
  type: 'CreditsPurchased',
  data: { paymentId, paymentIntentId: 'pi_1', credits: 3, amountCents: 3600, at, balanceAfter },
});

describe('the account’s card payments', () => {
  it('records the provider customer once; the first one stays', () => {
    given(account, [registered]).when({ type: 'RecordPaymentCustomer', customerId: 'cus_1', at }).then([customer]);
    given(account, [registered, customer]).when({ type: 'RecordPaymentCustomer', customerId: 'cus_2', at }).then([]);
  });

  it('saves a card from the client, replacing the previous one', () => {
    given(account, [registered, customer]).when({ type: 'SavePaymentMethod', paymentMethodId: 'pm_1', source: 'client', at }).then([saved('pm_1')]);
    given(account, [registered, customer, saved('pm_1')]).when({ type: 'SavePaymentMethod', paymentMethodId: 'pm_1', source: 'client', at }).then([]);
    given(account, [registered, customer, saved('pm_1')]).when({ type: 'SavePaymentMethod', paymentMethodId: 'pm_2', source: 'client', at }).then([saved('pm_2')]);
  });

  it('lets a webhook save a card only when none is saved and it was never removed', () => {
    given(account, [registered, customer]).when({ type: 'SavePaymentMethod', paymentMethodId: 'pm_1', source: 'webhook', at }).then([saved('pm_1')]);
    given(account, [registered, customer, saved('pm_2')]).when({ type: 'SavePaymentMethod', paymentMethodId: 'pm_1', source: 'webhook', at }).then([]);
    given(account, [registered, customer, saved('pm_1'), removed('pm_1')]).when({ type: 'SavePaymentMethod', paymentMethodId: 'pm_1', source: 'webhook', at }).then([]);
  });

  it('removes the saved card, and refuses when there is none', () => {
    given(account, [registered, customer, saved('pm_1')]).when({ type: 'RemovePaymentMethod', at }).then([removed('pm_1')]);
    given(account, [registered, customer]).when({ type: 'RemovePaymentMethod', at }).thenThrows(NotFoundError, NO_PAYMENT_METHOD);
    expect(foldEvents(account, [registered, customer, saved('pm_1'), removed('pm_1')])).toMatchObject({ paymentMethodId: null, paymentCustomerId: 'cus_1' });
  });

  it('adds a payment’s credits once: a second PurchaseCredits for the paymentId decides nothing', () => {
    const credited: AccountEvent = { type: 'CreditsSetByAdmin', data: { credits: 2, previousCredits: 0, adminId: 'a1', reason: 'Set by administrator', at } };
    given(account, [registered, credited]).when(purchase).then([purchased(5)]);
    given(account, [registered, credited, purchased(5)]).when(purchase).then([]);
    given(account, [registered, credited, purchased(5)]).when({ ...purchase, paymentIntentId: 'pi_other' }).then([]);
    expect(foldEvents(account, [registered, credited, purchased(5)])).toMatchObject({ credits: 5, purchasedPaymentIds: [paymentId] });
  });

  it('is a ledger entry of kind purchase', () => {
    expect(ledgerEntryOf(purchased(5) as Extract<AccountEvent, { type: 'CreditsPurchased' }>)).toEqual({ kind: 'purchase', delta: 3, balanceAfter: 5, reason: 'Purchased 3 credits', at, amountCents: 3600 });
    expect(ledgerEntryOf(saved('pm_1'))).toBeNull();
  });
});

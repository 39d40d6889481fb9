import type { Collection, ReadStore } from '../../read-store/port';
import type { PaymentDoc } from './payments';
import { PAYMENTS } from './payments';

/** The payments read model, for the admin list that pages it. */
export function paymentsCollection(store: ReadStore): Collection<PaymentDoc> {
  return store.collection<PaymentDoc>(PAYMENTS);
}

/** The amounts of the payments that succeeded, for the revenue total. */
export function succeededPaymentAmounts(store: ReadStore): Promise<Array<Pick<PaymentDoc, '_id' | 'amount'>>> {
  return paymentsCollection(store).find({ status: 'succeeded' }, { projection: { amount: 1 } });
}

export function paymentsOfUser(store: ReadStore, userId: string): Promise<PaymentDoc[]> {
  return paymentsCollection(store).find({ userId });
}

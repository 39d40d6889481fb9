import type { Projection } from '../projections/projection';
import { upsertOnce } from '../projections/projection';

export type BalanceDoc = { _id: string; balance: number; updates: number; _position?: number };

/** A read model of the test wallet: one document per wallet stream, pushing each new balance. */
export function createBalancesProjection(name = 'balances'): Projection & { applied: number } {
  const projection = {
    name,
    collections: [name],
    applied: 0,
    async setup(store) {
      await store.collection(name).createIndex({ balance: 1 });
    },
    async apply(event, store) {
      projection.applied++;
      if (event.type !== 'Deposited' && event.type !== 'Spent') return [];
      const { amount } = event.data as { amount: number };
      const balances = store.collection<BalanceDoc>(name);
      const delta = event.type === 'Deposited' ? amount : -amount;
      const changed = await upsertOnce(balances, event.streamId, event.position, { $inc: { balance: delta, updates: 1 } });
      if (!changed) return [];
      const doc = await balances.findOne({ _id: event.streamId });
      return [{ rooms: [`user:${event.streamId}`], event: 'credits:changed', payload: { credits: doc?.balance ?? 0 } }];
    },
  } satisfies Projection & { applied: number };
  return projection;
}

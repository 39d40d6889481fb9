import type { EventStore } from '../event-store/port';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createMemoryReadStore } from '../read-store/memory';
import type { ReadStore } from '../read-store/port';
import { POSITION_FIELD } from '../projections/projection';

/*
 * The log and read store each projection runner test (src/projections/runner*.test.ts) runs on: set up
 * fresh by `setup()`, replaced by `useStores`, closed by `closeStores` after
 * each test.
 */

export const at = '2026-11-22T10:00:00.000Z';
export let eventStore: EventStore;
export let readStore: ReadStore;

export async function deposit(stream: string, amount: number) {
  return eventStore.append(stream, [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount, at } }], expected.any);
}

export async function balances(name = 'balances') {
  const docs = await readStore.collection(name).find({}, { sort: { _id: 1 }, projection: { [POSITION_FIELD]: 0 } });
  return docs;
}

export function setup() {
  eventStore = createSqliteEventStore({ path: ':memory:' });
  readStore = createMemoryReadStore();
}

/** Runs the rest of the test on other stores (a faulty log, the read models' generations); they are the ones closed. */
export function useStores(next: { eventStore?: EventStore; readStore?: ReadStore }) {
  eventStore = next.eventStore ?? eventStore;
  readStore = next.readStore ?? readStore;
}

export async function closeStores() {
  await eventStore.close();
  await readStore.close();
}

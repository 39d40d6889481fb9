import { afterEach, describe, expect, it, vi } from 'vitest';
import { expected } from '../../event-store/port';
import type { RecordedEvent } from '../../event-store/port';
import { createMemoryReadStore } from '../../read-store/memory';
import type { ReadStore } from '../../read-store/port';
import { createBalancesProjection } from '../../testing/balances-projection';
import { closeStores, deposit, eventStore, readStore, setup } from '../../testing/runner-stores';
import type { Projection } from '../projection';
import { upsertOnce } from '../projection';
import { createProjectionRunner } from '../runner';
import { createSkips } from './skips';

afterEach(closeStores);

const withdraw = (stream: string, amount: number) => eventStore.append(stream, [{ id: crypto.randomUUID(), type: 'Withdrawn', data: { amount } }], expected.any);

/** Counts, per stream, the `Withdrawn` events it is given. */
function withdrawals(handles: readonly string[] | undefined): Projection & { given: string[] } {
  const given: string[] = [];
  return {
    name: 'withdrawals',
    collections: ['withdrawals'],
    ...(handles ? { handles } : {}),
    given,
    async apply(event: RecordedEvent, store: ReadStore) {
      given.push(event.type);
      if (event.type !== 'Withdrawn') return;
      await upsertOnce(store.collection('withdrawals'), event.streamId, event.position, { $inc: { count: 1 } });
    },
  };
}

describe('the event types a projection handles', () => {
  it('are the only ones it is given; the others move its position all the same', async () => {
    setup();
    await deposit('a', 5);
    await withdraw('a', 1);
    const only = withdrawals(['Withdrawn']);
    const runner = createProjectionRunner({ eventStore, readStore, projections: [createBalancesProjection(), only], checkSkips: false });
    await runner.start();
    expect(only.given).toEqual(['Withdrawn']);
    const { position } = await deposit('b', 2);
    // A wait for what the skipping projection owns is answered once the deposit, which it skips, is behind it.
    expect(await runner.waitFor(position, 2000, ['withdrawals'])).toBe(true);
    expect(only.given).toEqual(['Withdrawn']);
    expect((await runner.status()).map((status) => status.position)).toEqual([position, position]);
    expect(await readStore.collection('withdrawals').findOne({ _id: 'a' })).toMatchObject({ count: 1 });
    await runner.stop();
  });

  it('are checked in the test runs: a skipped type it writes on is reported, and nothing is written', async () => {
    setup();
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    await withdraw('a', 1);
    const forgetful = withdrawals(['Deposited']);
    const runner = createProjectionRunner({ eventStore, readStore, projections: [forgetful] });
    await runner.start();
    expect(forgetful.given).toEqual(['Withdrawn']);
    expect(reported).toHaveBeenCalledWith('withdrawals wrote to withdrawals (updateOne) on Withdrawn, a type its `handles` does not name');
    expect(await readStore.collection('withdrawals').find({})).toEqual([]);
    await runner.stop();
    reported.mockReset();
  });

  it('reports a push or a throw on a skipped type, and says nothing of one that does nothing', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createMemoryReadStore();
    const event = { id: 'e', type: 'Withdrawn', streamId: 'a', revision: 0, position: 1, recordedAt: '2026-11-22T10:00:00.000Z', data: {}, metadata: {} } as RecordedEvent;
    const pushing: Projection = { name: 'pushing', collections: [], handles: [], apply: async () => [{ rooms: ['user:a'], event: 'credits:changed', payload: { credits: 1 } }] };
    const throwing: Projection = { name: 'throwing', collections: [], handles: [], apply: () => Promise.reject(new Error('no such field')) };
    const idle: Projection = { name: 'idle', collections: [], handles: [], apply: async () => [] };
    const skips = createSkips([pushing, throwing, idle], { check: true });
    for (const projection of [pushing, throwing, idle]) {
      expect(skips.skips(projection, event)).toBe(true);
      await skips.check(projection, event, store, { replaying: false });
    }
    expect(reported.mock.calls).toEqual([['pushing pushed on Withdrawn, a type its `handles` does not name'], ['throwing threw on Withdrawn, a type its `handles` does not name: Error: no such field']]);
    expect(skips.skips(createBalancesProjection(), event)).toBe(false);
    reported.mockReset();
  });
});

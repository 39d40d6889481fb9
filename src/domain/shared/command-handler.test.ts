import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { EventTooLargeError, MAX_EVENT_BYTES, StreamConflictError } from '../../event-store/port';
import { withEventStoreFaults } from '../../testing/faults';
import { wallet } from '../../testing/wallet';
import type { CommandOutcome } from './command-handler';
import { AppendOutcomeUnknownError, handleCommand, loadState, observeCommands } from './command-handler';
import { ConflictError, ValidationError } from './errors';
import { given } from './given-when-then';

const at = '2026-11-22T10:00:00.000Z';
const noWait = () => Promise.resolve();

describe('given/when/then on a decider', () => {
  it('decides new events from past events', () => {
    given(wallet, [{ type: 'Deposited', data: { amount: 5, at } }])
      .when({ type: 'Spend', amount: 3, at })
      .then([{ type: 'Spent', data: { amount: 3, at } }]);
  });

  it('reports a refusal with its class and message', () => {
    given(wallet).when({ type: 'Spend', amount: 1, at }).thenThrows(ConflictError, 'Insufficient balance');
    given(wallet).when({ type: 'Deposit', amount: 0, at }).thenThrows(ValidationError);
  });

  it('fails when the decider does not throw', () => {
    expect(() => given(wallet).when({ type: 'Deposit', amount: 1, at }).thenThrows(ConflictError)).toThrow();
  });
});

describe('handleCommand', () => {
  it('appends what the decider decides and returns the new state and position', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const first = await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at }, { metadata: { requestId: 'r1' } });
    expect(first.state).toEqual({ balance: 5 });
    const second = await handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 2, at });
    expect(second.state).toEqual({ balance: 3 });
    expect(second.position).toBeGreaterThan(first.position ?? Infinity);
    const stored = await store.readStream('wallet-1');
    expect(stored.map((e) => e.type)).toEqual(['Deposited', 'Spent']);
    expect(stored[0]?.metadata).toEqual({ requestId: 'r1' });
    await store.close();
  });

  it('appends nothing and rethrows when the decider refuses', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    await expect(handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 1, at })).rejects.toThrow(ConflictError);
    expect(await store.readStream('wallet-1')).toEqual([]);
    await store.close();
  });

  it('uses the given event ids, so a retried reaction is not appended twice', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const eventId = () => '0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01';
    await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at }, { eventId });
    const recorded = await store.readStream('wallet-1');
    expect(recorded[0]?.id).toBe('0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01');
    await store.close();
  });

  it('re-decides on conflict: 10 concurrent spends of 1 from a balance of 3 succeed exactly 3 times', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 3, at });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 1, at }, { maxAttempts: 50 })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refusals.every((o) => o.reason instanceof ConflictError)).toBe(true);
    expect(await loadState(store, 'wallet-1', wallet)).toEqual({ balance: 0 });
    await store.close();
  });

  it('gives up after maxAttempts conflicts', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    // A rival writer that always appends between our read and our append.
    const contended: typeof wallet = {
      ...wallet,
      decide(command, state) {
        void store.append('wallet-1', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 1, at } }], { kind: 'any' });
        return wallet.decide(command, state);
      },
    };
    let backoffs = 0;
    const backoff = () => {
      backoffs++;
      return noWait();
    };
    await expect(
      handleCommand(store, 'wallet-1', contended, { type: 'Deposit', amount: 1, at }, { maxAttempts: 3, backoff }),
    ).rejects.toThrow(StreamConflictError);
    expect(backoffs).toBe(2);
    await store.close();
  });

  describe('the state it remembers between commands', () => {
    it('decides the next command without reading the stream again', async () => {
      const store = createSqliteEventStore({ path: ':memory:' });
      let reads = 0;
      const counted = { ...store, readStream: (id: string) => (reads++, store.readStream(id)) };
      await handleCommand(counted, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at });
      await handleCommand(counted, 'wallet-1', wallet, { type: 'Spend', amount: 2, at });
      const third = await handleCommand(counted, 'wallet-1', wallet, { type: 'Spend', amount: 2, at });
      expect(third.state).toEqual({ balance: 1 });
      expect(reads).toBe(1);
      await store.close();
    });

    it('re-reads when another writer appended since: a spend of what is gone is refused', async () => {
      const store = createSqliteEventStore({ path: ':memory:' });
      await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at });
      await store.append('wallet-1', [{ id: crypto.randomUUID(), type: 'Spent', data: { amount: 5, at } }], { kind: 'any' });
      await expect(handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 1, at }, { backoff: noWait })).rejects.toThrow(ConflictError);
      expect(await loadState(store, 'wallet-1', wallet)).toEqual({ balance: 0 });
      await store.close();
    });

    it('decides a refusal again on the stream as stored: a deposit made elsewhere can be spent', async () => {
      const store = createSqliteEventStore({ path: ':memory:' });
      await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 1, at });
      await handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 1, at });
      await store.append('wallet-1', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 5, at } }], { kind: 'any' });
      const spent = await handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 2, at });
      expect(spent.state).toEqual({ balance: 3 });
      await store.close();
    });

    it('keeps states apart per event store', async () => {
      const one = createSqliteEventStore({ path: ':memory:' });
      const two = createSqliteEventStore({ path: ':memory:' });
      await handleCommand(one, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at });
      await expect(handleCommand(two, 'wallet-1', wallet, { type: 'Spend', amount: 1, at })).rejects.toThrow(ConflictError);
      await one.close();
      await two.close();
    });
  });

  describe('the outcomes it reports', () => {
    it('reports ok, refused, each retry and a conflict that outlasts every attempt, for its own store only', async () => {
      const store = createSqliteEventStore({ path: ':memory:' });
      const other = createSqliteEventStore({ path: ':memory:' });
      const outcomes: CommandOutcome[] = [];
      observeCommands(store, (outcome) => outcomes.push(outcome));
      await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at });
      await expect(handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 9, at })).rejects.toThrow(ConflictError);
      const contended: typeof wallet = {
        ...wallet,
        decide(command, state) {
          void store.append('wallet-1', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 1, at } }], { kind: 'any' });
          return wallet.decide(command, state);
        },
      };
      await expect(handleCommand(store, 'wallet-1', contended, { type: 'Deposit', amount: 1, at }, { maxAttempts: 3, backoff: noWait })).rejects.toThrow(StreamConflictError);
      await handleCommand(other, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at });
      expect(outcomes).toEqual(['ok', 'refused', 'retried', 'retried', 'conflict']);
      await store.close();
      await other.close();
    });
  });
});

describe('an append whose outcome is unknown', () => {
  const faultyStore = () => withEventStoreFaults(createSqliteEventStore({ path: ':memory:' }));

  it('is sent again with the same ids: the command gets the original result and the log holds one copy', async () => {
    const store = faultyStore();
    await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at });
    store.faults.failAfterWriting();
    const result = await handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 2, at }, { backoff: noWait });
    const stored = await store.readStream('wallet-1');
    expect(stored.map((event) => event.type)).toEqual(['Deposited', 'Spent']);
    expect(result.position).toBe(stored[1]?.position);
    expect(result.state).toEqual({ balance: 3 });
    expect(await loadState(store, 'wallet-1', wallet)).toEqual({ balance: 3 });
    await store.close();
  });

  it('is answered with the original result even when another writer appended before the retry', async () => {
    const store = faultyStore();
    await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at });
    store.faults.failAfterWriting();
    // While the first answer is lost, another node spends on the same wallet.
    const otherWriter = async () => void (await handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 1, at }));
    const result = await handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 2, at }, { backoff: otherWriter });
    const stored = await store.readStream('wallet-1');
    expect(stored.map((event) => [event.type, (event.data as { amount: number }).amount])).toEqual([
      ['Deposited', 5],
      ['Spent', 2],
      ['Spent', 1],
    ]);
    expect(result.position).toBe(stored[1]?.position);
    await store.close();
  });

  it('is retried when the store was unavailable, and rethrown after the last retry with nothing written', async () => {
    const store = faultyStore();
    const waits: number[] = [];
    const counting = async (attempt: number) => void waits.push(attempt);
    store.faults.failAppends({ times: 2 });
    await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at }, { backoff: counting });
    expect(waits).toEqual([1, 2]);
    expect(await store.readStream('wallet-1')).toHaveLength(1);

    store.faults.failAppends({ times: Number.POSITIVE_INFINITY });
    const lost = handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 1, at }, { backoff: counting });
    await expect(lost).rejects.toThrow('unavailable');
    await expect(lost).rejects.toBeInstanceOf(AppendOutcomeUnknownError);
    expect(waits).toEqual([1, 2, 1, 2, 3]);
    store.faults.heal();
    expect(await store.readStream('wallet-1')).toHaveLength(1);
    await store.close();
  });

  it('is not sent again when the store refused an oversized event: that answer is decided', async () => {
    const store = faultyStore();
    const waits: number[] = [];
    const big = 'x'.repeat(MAX_EVENT_BYTES);
    await expect(
      handleCommand(store, 'wallet-1', { ...wallet, decide: () => [{ type: 'Deposited', data: { amount: 1, at: big } }] }, { type: 'Deposit', amount: 1, at }, {
        backoff: async (attempt) => void waits.push(attempt),
      }),
    ).rejects.toBeInstanceOf(EventTooLargeError);
    expect(waits).toEqual([]);
    await store.close();
  });
});

describe('a command that landed before (landedEventId, docs/decisions/0061)', () => {
  const ids = (command: string) => (_event: unknown, index: number) => `${command}-${index}`;

  it('is found by the id of its first event and not decided again: its first result, replayed', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const first = await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at }, { eventId: ids('deposit') });
    await handleCommand(store, 'wallet-1', wallet, { type: 'Spend', amount: 5, at });
    // Decided again, the deposit would be appended a second time.
    const again = await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at }, { eventId: ids('deposit'), landedEventId: 'deposit-0' });
    expect(again).toMatchObject({ events: [{ type: 'Deposited', data: { amount: 5, at } }], position: first.position, replayed: true });
    expect(await store.readStream('wallet-1')).toHaveLength(2);
    await store.close();
  });

  it('is decided and appended as usual when the stream does not hold it', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const result = await handleCommand(store, 'wallet-1', wallet, { type: 'Deposit', amount: 5, at }, { eventId: ids('deposit'), landedEventId: 'deposit-0' });
    expect(result.replayed).toBeUndefined();
    expect((await store.readStream('wallet-1')).map((event) => event.id)).toEqual(['deposit-0']);
    await store.close();
  });
});

describe('a command on a stream expected to be new (expectNew)', () => {
  it('is appended without reading the stream first', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    let reads = 0;
    const counted = { ...store, readStream: (id: string) => (reads++, store.readStream(id)) };
    const result = await handleCommand(counted, 'wallet-new', wallet, { type: 'Deposit', amount: 5, at }, { expectNew: true });
    expect(result.state).toEqual({ balance: 5 });
    expect(reads).toBe(0);
    expect(await store.readStream('wallet-new')).toHaveLength(1);
    await store.close();
  });

  it('reads the stream and decides again when it exists: a spend of what is gone is refused, with no retry reported', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const outcomes: CommandOutcome[] = [];
    observeCommands(store, (outcome) => outcomes.push(outcome));
    await store.append('wallet-old', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 1, at } }], { kind: 'any' });
    await store.append('wallet-old', [{ id: crypto.randomUUID(), type: 'Spent', data: { amount: 1, at } }], { kind: 'any' });
    // Decided on the initial state a deposit would land at revision 0; the stream is at revision 1.
    const deposited = await handleCommand(store, 'wallet-old', wallet, { type: 'Deposit', amount: 2, at }, { expectNew: true, backoff: () => Promise.reject(new Error('no backoff expected')) });
    expect(deposited.state).toEqual({ balance: 2 });
    expect((await store.readStream('wallet-old')).map((event) => event.revision)).toEqual([0, 1, 2]);
    await expect(handleCommand(store, 'wallet-other', wallet, { type: 'Spend', amount: 1, at }, { expectNew: true })).rejects.toThrow(ConflictError);
    expect(outcomes).toEqual(['ok', 'refused']);
    await store.close();
  });
});

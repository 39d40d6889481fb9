import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createBalancesProjection } from '../testing/balances-projection';
import type { PositionedPush } from './projection';
import { POSITION_FIELD, insertOnce, updateOnce, upsertOnce } from './projection';
import { CHECKPOINTS, createProjectionRunner } from './runner';
import { createMemoryLogger } from '../http/platform/logger';
import { withReadStoreFaults } from '../testing/faults';
import { until } from '../testing/process-manager-nodes';
import { balances, closeStores, deposit, eventStore, readStore, setup } from '../testing/runner-stores';

afterEach(closeStores);

describe('a projection that throws', () => {
  // Retries at once in tests; the default backoff is 50 ms doubling up to 5 s.
  const quickly = () => 1;

  it('is retried on the same event until it succeeds, without skipping it or applying it twice to the others', async () => {
    setup();
    const faulty = withReadStoreFaults(readStore);
    const counted = createBalancesProjection('counted');
    const fragile = createBalancesProjection();
    const pushes: PositionedPush[] = [];
    const runner = createProjectionRunner({
      eventStore,
      readStore: faulty,
      projections: [counted, fragile],
      onPush: (push) => void pushes.push(push),
      retryDelayMs: quickly,
    });
    await runner.start();
    faulty.faults.failCollection('balances', { operations: ['updateOne'], times: 3 });
    const { position } = await deposit('a', 5);
    const next = await deposit('a', 1);
    expect(await runner.waitFor(next.position)).toBe(true);
    expect(faulty.faults.failures('balances')).toBe(3);
    // Three failed attempts and the one that worked, then the next event: nothing skipped.
    expect(fragile.applied).toBe(5);
    expect(counted.applied).toBe(2);
    expect(await balances()).toEqual([{ _id: 'a', balance: 6, updates: 2 }]);
    // The push of the projection that applied the event first is sent once, when every projection has it.
    expect(pushes.filter((push) => push.position === position)).toHaveLength(2);
    expect((await runner.status()).every((status) => status.failing === undefined)).toBe(true);
    await runner.stop();
  });

  it('is reported in status and logged (an error once, then at a lower rate), and recovers by itself', async () => {
    setup();
    const faulty = withReadStoreFaults(readStore);
    const log = createMemoryLogger();
    const runner = createProjectionRunner({
      eventStore,
      readStore: faulty,
      projections: [createBalancesProjection()],
      log,
      retryDelayMs: () => 5,
      failureLogIntervalMs: 100,
    });
    await runner.start();
    faulty.faults.failCollection('balances', { operations: ['updateOne'], times: Number.POSITIVE_INFINITY, error: () => new Error('primary stepped down') });
    const { position } = await deposit('a', 5);
    const [stuck] = await eventStore.readAll({ after: position - 1 });
    expect(await runner.waitFor(position, 300)).toBe(false);
    const [status] = await runner.status();
    expect(status).toMatchObject({
      name: 'balances',
      caughtUp: false,
      failing: { eventId: stuck?.id, eventType: 'Deposited', position, error: 'primary stepped down' },
    });
    expect(status?.failing?.attempts).toBeGreaterThan(10);
    const failureLines = log.lines.filter((line) => line.projection === 'balances' && line.level !== 'info');
    expect(failureLines.filter((line) => line.level === 'error')).toHaveLength(1);
    // About 300 ms at one line per 100 ms, against dozens of attempts.
    expect(failureLines.length).toBeLessThan(6);
    expect(failureLines[0]).toMatchObject({ msg: 'projection failed; retrying the same event', eventId: stuck?.id, type: 'Deposited', position });

    faulty.faults.heal();
    expect(await runner.waitFor(position)).toBe(true);
    expect(await runner.status()).toEqual([{ name: 'balances', position, caughtUp: true, lagMs: 0 }]);
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'info', msg: 'projection recovered', projection: 'balances', eventId: stuck?.id }));
    expect(await balances()).toEqual([{ _id: 'a', balance: 5, updates: 1 }]);
    await runner.stop();
  });

  it('backs off 50 ms doubling up to 5 s by default, and stop() ends the wait at once', async () => {
    setup();
    const runner = createProjectionRunner({
      eventStore,
      readStore,
      projections: [{ name: 'broken', collections: [], apply: () => Promise.reject(new Error('bug')) }],
    });
    await runner.start();
    await deposit('a', 1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Attempts at 0, 50, 150 and 350 ms (polled for past that, since a loaded machine runs timers late): the fifth waits until 750 ms.
    await until(async () => ((await runner.status())[0]?.failing?.attempts ?? 0) >= 4);
    const [status] = await runner.status();
    expect(status?.failing?.attempts).toBe(4);
    const stopping = Date.now();
    await runner.stop();
    expect(Date.now() - stopping).toBeLessThan(100);
  });
});

describe('checkpoints', () => {
  it('a checkpoint write that fails is retried at the next flush', async () => {
    setup();
    const faulty = withReadStoreFaults(readStore);
    const log = createMemoryLogger();
    const runner = createProjectionRunner({ eventStore, readStore: faulty, projections: [createBalancesProjection()], log, checkpointIntervalMs: 5 });
    await runner.start();
    faulty.faults.failCheckpointWrites({ times: 3 });
    const { position } = await deposit('a', 5);
    await runner.waitFor(position);
    const stored = () => readStore.collection(CHECKPOINTS).findOne({ _id: 'balances' });
    const deadline = Date.now() + 2000;
    while ((await stored())?.position !== position && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await stored()).toEqual({ _id: 'balances', position });
    expect(faulty.faults.failures(CHECKPOINTS)).toBe(3);
    // One warning for the three failed flushes in a row, and one line when they work again.
    expect(log.lines.filter((line) => line.msg === 'projection checkpoints not stored; retrying at the next flush')).toEqual([
      expect.objectContaining({ level: 'warn', projections: ['balances'], error: expect.objectContaining({ message: expect.stringContaining('unavailable') }) }),
    ]);
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'info', msg: 'projection checkpoints stored again' }));
    await runner.stop();
  });

  it('only move forward: a node behind another on a shared read store never rewinds the stored checkpoint', async () => {
    setup();
    const first = (await deposit('a', 1)).position;
    // The node behind: it applied the first event, then holds the second while its checkpoint writes fail.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    onTestFinished(() => release());
    const slow = createBalancesProjection();
    const faulty = withReadStoreFaults(readStore);
    faulty.faults.failCheckpointWrites({ times: Number.POSITIVE_INFINITY });
    const behind = createProjectionRunner({
      eventStore,
      readStore: faulty,
      checkpointIntervalMs: 5,
      projections: [{ ...slow, apply: async (event, store, context) => (event.position > first ? held.then(() => slow.apply(event, store, context)) : slow.apply(event, store, context)) }],
    });
    await behind.start();
    while (faulty.faults.failures(CHECKPOINTS) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const ahead = createProjectionRunner({ eventStore, readStore, projections: [createBalancesProjection()] });
    await ahead.start();
    const { position } = await deposit('a', 2);
    await ahead.waitFor(position);
    await ahead.stop();
    expect(await readStore.collection(CHECKPOINTS).findOne({ _id: 'balances' })).toEqual({ _id: 'balances', position });

    // The node behind stores what it applied at its next flush: the checkpoint stays where the other node put it.
    const failed = faulty.faults.failures(CHECKPOINTS);
    faulty.faults.heal();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(faulty.faults.failures(CHECKPOINTS)).toBe(failed);
    expect(await readStore.collection(CHECKPOINTS).findOne({ _id: 'balances' })).toEqual({ _id: 'balances', position });
    release();
    await behind.stop();
    expect(await balances()).toEqual([{ _id: 'a', balance: 3, updates: 2 }]);
  });
});

describe('idempotent writes', () => {
  it('apply each position to a document at most once', async () => {
    setup();
    const docs = readStore.collection<{ _id: string; n?: number }>('docs');
    expect(await insertOnce(docs, { _id: 'x', n: 1 }, 10)).toBe(true);
    expect(await insertOnce(docs, { _id: 'x', n: 1 }, 10)).toBe(false);
    expect(await updateOnce(docs, 'x', 11, { $inc: { n: 1 } })).toBe(true);
    expect(await updateOnce(docs, 'x', 11, { $inc: { n: 1 } })).toBe(false);
    expect(await upsertOnce(docs, 'x', 11, { $inc: { n: 1 } })).toBe(false);
    expect(await upsertOnce(docs, 'y', 12, { $inc: { n: 1 } })).toBe(true);
    expect(await upsertOnce(docs, 'y', 12, { $inc: { n: 1 } })).toBe(false);
    expect(await docs.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'x', n: 2, [POSITION_FIELD]: 11 },
      { _id: 'y', n: 1, [POSITION_FIELD]: 12 },
    ]);
  });
});

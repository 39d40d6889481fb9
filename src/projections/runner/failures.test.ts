import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../event-store/port';
import { createMemoryLogger } from '../../http/platform/logger';
import { createMemoryReadStore } from '../../read-store/memory';
import { withReadStoreFaults } from '../../testing/faults';
import type { Projection } from '../projection';
import { createFailurePolicy, createPause } from './failures';

const event = { id: 'e7', type: 'Spent', position: 7, streamId: 'wallet-a', data: {}, recordedAt: '2026-11-28T02:00:00.000Z' } as unknown as RecordedEvent;
const projection: Projection = { name: 'spending', collections: ['spending'], apply: async () => {} };

describe('the failure policy', () => {
  it('retries with backoff 50 ms doubling up to 5 s, then parks on the fifth failure of its own code', () => {
    const log = createMemoryLogger();
    const policy = createFailurePolicy({ log });
    const delays = [1, 2, 3, 4].map(() => {
      const verdict = policy.failed(projection, event, new TypeError('bug'));
      return verdict.retry ? verdict.delayMs : -1;
    });
    expect(delays).toEqual([50, 100, 200, 400]);
    expect(policy.failures.get('spending')).toMatchObject({ attempts: 4, position: 7 });
    const parked = policy.failed(projection, event, new TypeError('bug'));
    expect(parked).toEqual({ retry: false, parked: expect.objectContaining({ eventId: 'e7', eventType: 'Spent', position: 7, streamId: 'wallet-a', attempts: 5, error: 'bug' }) });
    expect(policy.failures.has('spending')).toBe(false);
    expect(log.lines.filter((line) => line.level === 'error').map((line) => line.msg)).toEqual([
      'projection failed; retrying the same event',
      'projection parked on an event: it applies nothing more until an operator retries or skips the event',
    ]);
  });

  it('never parks on an error the read store threw: the store comes back', async () => {
    const policy = createFailurePolicy({ log: createMemoryLogger(), parkAfter: 2 });
    const failing = withReadStoreFaults(createMemoryReadStore());
    failing.faults.failCollection('x', { operations: ['findOne'], times: Number.POSITIVE_INFINITY, error: () => new Error('primary stepped down') });
    const store = policy.tagStoreErrors(failing);
    for (let attempt = 0; attempt < 5; attempt++) {
      const error = await store.collection('x').findOne({}).catch((e: unknown) => e);
      expect(policy.failed(projection, event, error).retry).toBe(true);
    }
    expect(policy.failures.get('spending')?.attempts).toBe(5);
  });

  it('counts attempts per event, and a success ends the failure', () => {
    const log = createMemoryLogger();
    const policy = createFailurePolicy({ log, parkAfter: 3 });
    policy.failed(projection, event, new Error('once'));
    policy.succeeded(projection);
    expect(policy.failures.size).toBe(0);
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'info', msg: 'projection recovered', eventId: 'e7', attempts: 1 }));
    expect(policy.failed(projection, event, new Error('again')).retry).toBe(true);
  });

  it('has a pause that cancel ends at once', async () => {
    const pause = createPause();
    const waiting = pause.wait(60_000);
    pause.cancel();
    await waiting;
  });
});

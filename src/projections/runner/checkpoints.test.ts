import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../http/platform/logger';
import { createMemoryReadStore } from '../../read-store/memory';
import type { Checkpoint } from './checkpoints';
import { CHECKPOINTS, createCheckpoints } from './checkpoints';

const parked = { eventId: 'e7', eventType: 'Spent', position: 7, streamId: 'a', attempts: 5, error: 'bug', since: '2026-11-28T02:00:00.000Z', parkedAt: '2026-11-28T02:00:01.000Z' };

function open() {
  const store = createMemoryReadStore();
  const collection = () => store.collection<Checkpoint>(CHECKPOINTS);
  return { collection, checkpoints: createCheckpoints({ collection, intervalMs: 60_000, log: createMemoryLogger(), failureLogIntervalMs: 60_000 }) };
}

describe('checkpoints', () => {
  it('keep each projection its own position, stored at a flush', async () => {
    const { collection, checkpoints } = open();
    await checkpoints.load(['a', 'b']);
    expect(checkpoints.lowest()).toBeUndefined();
    checkpoints.set('a', 4);
    checkpoints.set('b', 2);
    expect(checkpoints.lowest()).toBe(2);
    expect(checkpoints.lowest(['a'])).toBe(4);
    expect(await collection().countDocuments()).toBe(0);
    await checkpoints.flush();
    expect(await collection().find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', position: 4 },
      { _id: 'b', position: 2 },
    ]);
  });

  it('store a parking at once, load it back, and clear it', async () => {
    const { collection, checkpoints } = open();
    await checkpoints.load(['spending']);
    checkpoints.set('spending', 6);
    await checkpoints.flush();
    await checkpoints.storeParking('spending', parked);
    expect(await checkpoints.load(['spending'])).toEqual(new Map([['spending', parked]]));
    expect(checkpoints.get('spending')).toBe(6);
    await checkpoints.storeParking('spending', undefined);
    expect(await collection().findOne({ _id: 'spending' })).toEqual({ _id: 'spending', position: 6 });
  });
});

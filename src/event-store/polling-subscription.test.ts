import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from './port';
import { createPollingSubscriptions } from './polling-subscription';
import { waitFor } from './testing/conformance-support';

const event = (position: number): RecordedEvent => ({
  id: `e${position}`,
  type: 'Deposited',
  data: {},
  metadata: {},
  streamId: 's',
  revision: position - 1,
  position,
  recordedAt: '2026-11-24T10:00:00.000Z',
});

describe('polling subscriptions', () => {
  it('a read of the log that fails is reported as a drop and tried again at the next poll, from the last delivered event', async () => {
    const log = [event(1), event(2), event(3)];
    let failing = false;
    const polling = createPollingSubscriptions({
      pollMs: 10,
      readAfter: (after, limit) => {
        if (failing) throw new Error('SQLITE_BUSY: database is locked');
        return log.filter((e) => e.position > (after ?? 0)).slice(0, limit);
      },
    });
    const delivered: number[] = [];
    const drops: unknown[] = [];
    const errors: unknown[] = [];
    polling.subscribe({ onEvent: (e) => void delivered.push(e.position), onDropped: (cause) => drops.push(cause), onError: (error) => errors.push(error) });
    await waitFor(() => delivered.length === 3);
    failing = true;
    log.push(event(4));
    polling.notify();
    await waitFor(() => drops.length >= 2);
    failing = false;
    await waitFor(() => delivered.length === 4);
    await polling.stopAll();
    expect(delivered).toEqual([1, 2, 3, 4]);
    expect(errors).toEqual([]);
    expect(drops[0]).toMatchObject({ message: 'SQLITE_BUSY: database is locked' });
  });
});

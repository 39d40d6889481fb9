import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { AccessDeniedError, StreamDeletedError, UnavailableError } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { createStreamNames } from './kurrentdb-mapping';
import { isPermanentDrop, subscribeWithResubscription } from './kurrentdb-subscription';
import { waitFor } from './testing/conformance-support';

// The KurrentDB client is a third party's: this stands in for its $all
// subscription only, so drops can be caused without a server. The adapter's
// behaviour against a real server is in kurrentdb.test.ts (EVENTSTORE_URL).
type Step = { position: number } | { drop: Error };

function serverEvent(position: number) {
  return {
    event: {
      id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      type: 'Deposited',
      streamId: 'wallet-1',
      revision: BigInt(position),
      data: { position },
      metadata: {},
      created: new Date('2026-11-24T10:00:00.000Z'),
      position: { commit: BigInt(position), prepare: BigInt(position) },
    },
  };
}

/** Each call of subscribeToAll plays the next script: its events, then its drop (or it stays open). */
function fakeClient(scripts: Step[][]) {
  const fromPositions: unknown[] = [];
  const client = {
    subscribeToAll({ fromPosition }: { fromPosition: unknown }) {
      fromPositions.push(fromPosition);
      const steps = scripts.shift() ?? [];
      let destroyed = () => {};
      const ended = new Promise<void>((resolve) => (destroyed = resolve));
      return {
        on: () => undefined,
        unsubscribe: async () => undefined,
        destroy: () => destroyed(),
        async *[Symbol.asyncIterator]() {
          for (const step of steps) {
            if ('drop' in step) throw step.drop;
            yield serverEvent(step.position);
          }
          await ended;
        },
      };
    },
  };
  return { client: client as unknown as KurrentDBClient, fromPositions };
}

describe('KurrentDB subscription drops', () => {
  it('tells a cause worth retrying from one that is not', () => {
    expect(isPermanentDrop(new UnavailableError(undefined, 'unavailable'))).toBe(false);
    expect(isPermanentDrop(new Error('socket hang up'))).toBe(false);
    expect(isPermanentDrop(new AccessDeniedError(undefined, 'Access denied'))).toBe(true);
    expect(isPermanentDrop(StreamDeletedError.fromStreamName('$all'))).toBe(true);
  });

  it('reports a retryable drop with its cause and subscribes again from the last delivered position', async () => {
    const unavailable = new UnavailableError(undefined, '14 UNAVAILABLE: No connection established');
    const { client, fromPositions } = fakeClient([[{ position: 10 }, { position: 20 }, { drop: unavailable }], [{ position: 20 }, { position: 30 }]]);
    const delivered: number[] = [];
    const drops: unknown[] = [];
    const errors: unknown[] = [];
    const subscription = subscribeWithResubscription(
      client,
      createStreamNames(''),
      { onEvent: (event) => void delivered.push(event.position), onDropped: (cause) => drops.push(cause), onError: (error) => errors.push(error) },
      () => undefined,
    );
    await waitFor(() => delivered.length === 3);
    await subscription.stop();
    expect(drops).toEqual([unavailable]);
    expect(errors).toEqual([]);
    // The second subscription starts at the last delivered event, which is not delivered twice.
    expect(fromPositions[1]).toEqual({ commit: 20n, prepare: 20n });
    expect(delivered).toEqual([10, 20, 30]);
  });

  it('ends delivery through onError on a drop that retrying cannot cure', async () => {
    const denied = new AccessDeniedError(undefined, 'Access denied');
    const { client, fromPositions } = fakeClient([[{ position: 10 }, { drop: denied }]]);
    const errors: unknown[] = [];
    const drops: unknown[] = [];
    let finished = false;
    subscribeWithResubscription(
      client,
      createStreamNames(''),
      { onEvent: () => undefined, onDropped: (cause) => drops.push(cause), onError: (error) => errors.push(error) },
      () => (finished = true),
    );
    await waitFor(() => finished);
    expect(errors).toEqual([denied]);
    expect(drops).toEqual([]);
    expect(fromPositions).toHaveLength(1);
  });
});

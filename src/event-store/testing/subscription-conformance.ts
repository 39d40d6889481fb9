import { describe, expect, it } from 'vitest';
import { expected } from '../port';
import type { RecordedEvent } from '../port';
import {
  deferred,
  expectStrictlyIncreasing,
  idsOf,
  inStreams,
  newEvent,
  newEvents,
  newStreamId,
  range,
  sleep,
  waitFor,
} from './conformance-support';
import type { StoreRef } from './conformance-support';

// Long enough for a missed in-process wake-up to be covered by a poll.
const quietMs = 300;

export function describeSubscriptionConformance(store: StoreRef): void {
  describe('subscriptions', () => {
    it('a subscriber started mid-way through 10,000 events sees each exactly once, in order', async () => {
      const start = await store().headPosition();
      const writers = range(4).map(() => newStreamId('writer'));
      const batchSize = 10;
      const batchesEach = 250;
      const total = writers.length * batchesEach * batchSize;

      const write = async (stream: string, fromBatch: number, toBatch: number) => {
        for (let batch = fromBatch; batch < toBatch; batch += 1) {
          const state = batch === 0 ? expected.noStream : expected.revision(batch * batchSize - 1);
          await store().append(stream, newEvents(batchSize), state);
        }
      };
      await Promise.all(writers.map((stream) => write(stream, 0, batchesEach / 2)));

      const ours = inStreams(writers);
      const seen: RecordedEvent[] = [];
      const subscription = store().subscribe({
        after: start,
        onEvent: (event) => {
          if (ours(event)) seen.push(event);
        },
      });
      await Promise.all(writers.map((stream) => write(stream, batchesEach / 2, batchesEach)));
      await waitFor(() => seen.length >= total, 20_000);
      await sleep(50);
      await subscription.stop();

      expect(seen).toHaveLength(total);
      expectStrictlyIncreasing(seen.map((event) => event.position));
      const log = (await store().readAll({ after: start })).filter(ours);
      expect(idsOf(seen)).toEqual(idsOf(log));
    });

    it('resuming after a stored checkpoint delivers only the newer events', async () => {
      const start = await store().headPosition();
      const stream = newStreamId();
      await store().append(stream, newEvents(3), expected.noStream);

      const first: RecordedEvent[] = [];
      const before = store().subscribe({
        after: start,
        onEvent: (event) => {
          if (event.streamId === stream) first.push(event);
        },
      });
      await waitFor(() => first.length === 3);
      await before.stop();
      const checkpoint = first.at(-1)?.position ?? Number.NaN;

      const later = newEvents(2);
      await store().append(stream, later, expected.revision(2));
      const resumed: RecordedEvent[] = [];
      const after = store().subscribe({ after: checkpoint, onEvent: (event) => void resumed.push(event) });
      await waitFor(() => resumed.filter((event) => event.streamId === stream).length >= 2);
      await sleep(quietMs);
      await after.stop();

      expect(resumed.every((event) => event.position > checkpoint)).toBe(true);
      expect(idsOf(resumed.filter((event) => event.streamId === stream))).toEqual(idsOf(later));
    });

    it('stop() resolves only once the running onEvent has finished', async () => {
      const start = await store().headPosition();
      const stream = newStreamId();
      const entered = deferred();
      const release = deferred();
      let calls = 0;
      let finished = false;
      const subscription = store().subscribe({
        after: start,
        onEvent: async (event) => {
          if (event.streamId !== stream) return;
          calls += 1;
          entered.resolve();
          await release.promise;
          finished = true;
        },
      });
      await store().append(stream, newEvents(2), expected.noStream);
      await entered.promise;

      let stopped = false;
      const stopping = subscription.stop().then(() => {
        stopped = true;
      });
      await sleep(50);
      expect(stopped).toBe(false);
      release.resolve();
      await stopping;
      expect(finished).toBe(true);

      await store().append(stream, [newEvent()], expected.revision(1));
      await sleep(quietMs);
      expect(calls).toBe(1);
    });

    it('a throwing onEvent is reported to onError and delivery stops', async () => {
      const start = await store().headPosition();
      const stream = newStreamId();
      const failure = new Error('projection failed');
      const delivered: string[] = [];
      const errors: unknown[] = [];
      const subscription = store().subscribe({
        after: start,
        onEvent: (event) => {
          if (event.streamId !== stream) return;
          delivered.push(event.id);
          if (delivered.length === 2) throw failure;
        },
        onError: (error) => errors.push(error),
      });
      const events = newEvents(3);
      await store().append(stream, events, expected.noStream);
      await waitFor(() => errors.length > 0);

      await store().append(stream, [newEvent()], expected.revision(2));
      await sleep(quietMs);
      expect(errors).toEqual([failure]);
      expect(delivered).toEqual(idsOf(events.slice(0, 2)));
      await subscription.stop();
    });
  });
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventTooLargeError, expected, MAX_EVENT_BYTES, StreamConflictError } from './port';
import type { EventStore } from './port';
import {
  expectConflict,
  expectStrictlyIncreasing,
  idsOf,
  inStreams,
  newEvent,
  newEvents,
  newStreamId,
  range,
  sleep,
  waitFor,
} from './testing/conformance-support';
import { describeSubscriptionConformance } from './testing/subscription-conformance';

// Assertions hold on a log shared with other writers (a KurrentDB server):
// every test works on fresh streams and looks at its own events.
export function describeEventStoreConformance(backend: string, create: () => Promise<EventStore> | EventStore): void {
  describe(`event store conformance: ${backend}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await create();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('expected state', () => {
      it('no_stream accepts a new stream and refuses an existing one', async () => {
        const stream = newStreamId();
        expect((await store.append(stream, [newEvent()], expected.noStream)).nextRevision).toBe(0);
        const conflict = await expectConflict(store.append(stream, [newEvent()], expected.noStream), 0);
        expect(conflict.streamId).toBe(stream);
        expect(conflict.expected).toEqual(expected.noStream);
      });

      it('stream_exists refuses a missing stream and accepts an existing one', async () => {
        const stream = newStreamId();
        await expectConflict(store.append(stream, [newEvent()], expected.streamExists), -1);
        await store.append(stream, [newEvent()], expected.noStream);
        expect((await store.append(stream, [newEvent()], expected.streamExists)).nextRevision).toBe(1);
      });

      it('any accepts a missing and an existing stream', async () => {
        const stream = newStreamId();
        expect((await store.append(stream, [newEvent()], expected.any)).nextRevision).toBe(0);
        expect((await store.append(stream, newEvents(2), expected.any)).nextRevision).toBe(2);
      });

      it('an exact revision accepts the last revision and refuses any other', async () => {
        const stream = newStreamId();
        await store.append(stream, newEvents(2), expected.noStream);
        await expectConflict(store.append(stream, [newEvent()], expected.revision(0)), 1);
        const conflict = await expectConflict(store.append(stream, [newEvent()], expected.revision(5)), 1);
        expect(conflict.expected).toEqual(expected.revision(5));
        expect((await store.append(stream, [newEvent()], expected.revision(1))).nextRevision).toBe(2);
        await expectConflict(store.append(newStreamId(), [newEvent()], expected.revision(0)), -1);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('refuses an append without events', async () => {
        await expect(store.append(newStreamId(), [], expected.any)).rejects.toThrow();
      });
    });

    describe('reading', () => {
      it('readStream of a missing stream is empty', async () => {
        expect(await store.readStream(newStreamId())).toEqual([]);
      });

      it('readStream returns the events as written, in revision order', async () => {
        const stream = newStreamId();
        const events = [newEvent({ title: 'Flat', cents: 120_000 }, 'ListingDrafted'), newEvent({ tags: ['a'] }, 'ListingTagged')];
        const result = await store.append(stream, events, expected.noStream);
        const read = await store.readStream(stream);
        expect(read.map(({ id, type, data, metadata, streamId, revision }) => ({ id, type, data, metadata, streamId, revision }))).toEqual(
          events.map((event, revision) => ({ ...event, streamId: stream, revision })),
        );
        expect(read.every((event) => !Number.isNaN(Date.parse(event.recordedAt)))).toBe(true);
        expectStrictlyIncreasing(read.map((event) => event.position));
        expect(read[1]?.position).toBe(result.position);
      });

      it('positions increase across streams and readAll pages the log in order', async () => {
        const before = await store.headPosition();
        const [a, b] = [newStreamId(), newStreamId()];
        const appended: { id: string; position: number }[] = [];
        for (const n of range(6)) {
          const event = newEvent({ n });
          const { position } = await store.append(n % 2 === 0 ? a : b, [event], expected.any);
          appended.push({ id: event.id, position });
        }
        expectStrictlyIncreasing(appended.map((event) => event.position));

        const log = (await store.readAll({ after: before })).filter(inStreams([a, b]));
        expect(log.map(({ id, position }) => ({ id, position }))).toEqual(appended);

        const third = appended[2]?.position ?? Number.NaN;
        const page = await store.readAll({ after: third, limit: 2 });
        expect(page).toHaveLength(2);
        expect(page.every((event) => event.position > third)).toBe(true);
        expectStrictlyIncreasing(page.map((event) => event.position));
        const ours = page.filter(inStreams([a, b]));
        expect(idsOf(ours)).toEqual(idsOf(appended.slice(3, 3 + ours.length)));
      });

      it('streamRevision is -1 for a missing stream, then the revision of its last event', async () => {
        const stream = newStreamId();
        expect(await store.streamRevision?.(stream)).toBe(-1);
        await store.append(stream, newEvents(2), expected.noStream);
        expect(await store.streamRevision?.(stream)).toBe(1);
        await store.append(stream, newEvents(1), expected.revision(1));
        expect(await store.streamRevision?.(stream)).toBe(2);
        expect(await store.streamRevision?.(newStreamId())).toBe(-1);
      });

      it('headPosition is the position of the last event', async () => {
        const initial = await store.headPosition();
        if ((await store.readAll({ limit: 1 })).length === 0) expect(initial).toBeUndefined();
        const { position } = await store.append(newStreamId(), newEvents(2), expected.noStream);
        const head = await store.headPosition();
        expect(head).toBeGreaterThanOrEqual(position);
        if ((await store.readAll({ after: position, limit: 1 })).length === 0) expect(head).toBe(position);
      });

      it('append reports the position that readAll and subscribers report for its last event', async () => {
        const before = await store.headPosition();
        const stream = newStreamId();
        const events = newEvents(3);
        const { position } = await store.append(stream, events, expected.noStream);
        const fromLog = (await store.readAll({ after: before })).filter(inStreams([stream]));
        expect(fromLog.at(-1)?.id).toBe(events[2]?.id);
        expect(fromLog.at(-1)?.position).toBe(position);
        expectStrictlyIncreasing(fromLog.map((event) => event.position));

        const delivered: number[] = [];
        const subscription = store.subscribe({
          after: before,
          onEvent: (event) => {
            if (event.streamId === stream) delivered.push(event.position);
          },
        });
        await waitFor(() => delivered.length >= 3);
        await subscription.stop();
        expect(delivered).toEqual(fromLog.map((event) => event.position));
      });
    });

    describe('idempotent retries', () => {
      it('a retried append with the same event ids is not doubled', async () => {
        const stream = newStreamId();
        const first = newEvents(2);
        const original = await store.append(stream, first, expected.noStream);
        expect(await store.append(stream, first, expected.noStream)).toEqual(original);

        const second = [newEvent()];
        const atRevision = await store.append(stream, second, expected.revision(1));
        expect(await store.append(stream, second, expected.revision(1))).toEqual(atRevision);

        const third = [newEvent()];
        const anyState = await store.append(stream, third, expected.any);
        expect(await store.append(stream, third, expected.any)).toEqual(anyState);

        expect(idsOf(await store.readStream(stream))).toEqual(idsOf([...first, ...second, ...third]));
      });

      it('reusing only some of the ids of an earlier append is a conflict', async () => {
        const stream = newStreamId();
        const [one, two] = newEvents(2);
        if (!one || !two) throw new Error('expected two events');
        await store.append(stream, [one, two], expected.noStream);
        await expectConflict(store.append(stream, [two, newEvent()], expected.any), 1);
        await expectConflict(store.append(stream, [two, newEvent()], expected.revision(0)), 1);
        expect(idsOf(await store.readStream(stream))).toEqual([one.id, two.id]);
      });
    });

    describe('event size', () => {
      // A text of exactly `bytes` UTF-8 bytes, mostly 'é' (2 bytes each): the limit counts bytes, not characters.
      const textOf = (bytes: number) => 'é'.repeat(Math.floor(bytes / 2)) + 'a'.repeat(bytes % 2);
      // What newEvent wraps around the text: {"text":""} and {"source":"conformance"}.
      const wrapping = JSON.stringify({ text: '' }).length + JSON.stringify({ source: 'conformance' }).length;

      it(`stores an event of exactly ${MAX_EVENT_BYTES} bytes of data and metadata`, async () => {
        const stream = newStreamId();
        const text = textOf(MAX_EVENT_BYTES - wrapping);
        await store.append(stream, [newEvent({ text })], expected.noStream);
        const [stored] = await store.readStream(stream);
        expect((stored?.data as { text: string }).text).toBe(text);
      });

      it('refuses an event one byte over with EventTooLargeError, and writes nothing of that append', async () => {
        const stream = newStreamId();
        const big = newEvent({ text: textOf(MAX_EVENT_BYTES - wrapping + 1) }, 'TooLarge');
        const refused = await store.append(stream, [newEvent(), big], expected.noStream).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(EventTooLargeError);
        expect(refused).toMatchObject({ streamId: stream, eventType: 'TooLarge', bytes: MAX_EVENT_BYTES + 1 });
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('counts the metadata too', async () => {
        const event = { ...newEvent(), metadata: { note: 'x'.repeat(MAX_EVENT_BYTES) } };
        await expect(store.append(newStreamId(), [event], expected.any)).rejects.toBeInstanceOf(EventTooLargeError);
      });
    });

    describe('concurrency', () => {
      it('25 appenders racing on one stream: one wins each revision and the stream stays contiguous', async () => {
        const stream = newStreamId();
        const appenders = 25;
        const eventsEach = 4;
        const wins: { expected: number; next: number }[] = [];
        let conflicts = 0;

        const appendAll = async (appender: number) => {
          for (const n of range(eventsEach)) {
            const event = newEvent({ appender, n });
            for (;;) {
              const last = (await store.readStream(stream)).at(-1)?.revision ?? -1;
              const state = last === -1 ? expected.noStream : expected.revision(last);
              // Deciding takes a turn of the event loop, so rivals read the same revision.
              await sleep(0);
              try {
                wins.push({ expected: last, next: (await store.append(stream, [event], state)).nextRevision });
                break;
              } catch (error) {
                if (!(error instanceof StreamConflictError)) throw error;
                conflicts += 1;
                await sleep(Math.random() * 3);
              }
            }
          }
        };
        await Promise.all(range(appenders).map(appendAll));

        const total = appenders * eventsEach;
        expect(conflicts).toBeGreaterThan(0);
        expect(wins.filter((win) => win.next !== win.expected + 1)).toEqual([]);
        expect(wins.map((win) => win.expected).sort((x, y) => x - y)).toEqual(range(total).map((n) => n - 1));
        const events = await store.readStream(stream);
        expect(events.map((event) => event.revision)).toEqual(range(total));
        expect(new Set(idsOf(events)).size).toBe(total);
      });
    });

    describeSubscriptionConformance(() => store);
  });
}

import { BACKWARDS, END, ErrorType, KurrentDBClient, NO_STREAM } from '@kurrent/kurrentdb-client';
import type { AppendResult as KurrentAppendResult, Position, ReadPosition } from '@kurrent/kurrentdb-client';
import { createStreamNames, toEventData, toLogPosition, toReadPosition, toRecorded, toStreamState } from './kurrentdb-mapping';
import { subscribeWithResubscription } from './kurrentdb-subscription';
import { assertEventsFit, StreamConflictError } from './port';
import type { EventStore, ExpectedState, LogPosition, RecordedEvent, Subscription } from './port';

export interface KurrentDbEventStoreOptions {
  connectionString: string;
  /** Put before every stream name on the server (EVENTSTORE_STREAM_PREFIX); empty by default. */
  streamPrefix?: string;
}

const pageSize = 1000;

export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  const client = KurrentDBClient.connectionString(options.connectionString);
  const names = createStreamNames(options.streamPrefix ?? '');
  const subscriptions = new Set<Subscription>();
  let closed = false;

  async function lastRevision(streamId: string): Promise<number> {
    try {
      for await (const resolved of client.readStream(names.onServer(streamId), { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (error) {
      if (!hasErrorType(error, ErrorType.STREAM_NOT_FOUND)) throw error;
    }
    return -1;
  }

  // The server answers a write with the log position of the write's last event
  // record, which is that event's prepare position in $all. When the answer
  // carries no position, read that event back rather than guess.
  async function appendedPosition(streamId: string, result: KurrentAppendResult): Promise<LogPosition> {
    const position = toLogPosition(result.position?.prepare);
    if (position !== undefined) return position;
    for await (const resolved of client.readStream(names.onServer(streamId), { fromRevision: result.nextExpectedRevision, maxCount: 1 })) {
      if (resolved.event) return toRecorded(resolved.event).position;
    }
    throw new Error(`Appended to ${streamId} but could not read back revision ${result.nextExpectedRevision}`);
  }

  async function conflict(streamId: string, expected: ExpectedState, error: unknown): Promise<never> {
    const actual = (error as { actualState?: unknown }).actualState;
    const actualRevision = typeof actual === 'bigint' ? Number(actual) : actual === NO_STREAM ? -1 : await lastRevision(streamId);
    throw new StreamConflictError(streamId, expected, actualRevision);
  }

  return {
    async append(streamId, events, expected) {
      if (events.length === 0) throw new Error('append needs at least one event');
      assertEventsFit(streamId, events);
      let result: KurrentAppendResult;
      try {
        result = await client.appendToStream(names.onServer(streamId), events.map(toEventData), { streamState: toStreamState(expected) });
      } catch (error) {
        if (hasErrorType(error, ErrorType.WRONG_EXPECTED_VERSION)) return conflict(streamId, expected, error);
        throw error;
      }
      // Only with throwOnAppendFailure=false in the connection string.
      if (!result.success) return conflict(streamId, expected, {});
      return { nextRevision: Number(result.nextExpectedRevision), position: await appendedPosition(streamId, result) };
    },

    async readStream(streamId) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(names.onServer(streamId))) {
          if (resolved.event) events.push({ ...toRecorded(resolved.event), streamId });
        }
      } catch (error) {
        if (hasErrorType(error, ErrorType.STREAM_NOT_FOUND)) return [];
        throw error;
      }
      return events;
    },

    streamRevision: lastRevision,

    async readAll({ after, limit } = {}) {
      const wanted = limit ?? Number.POSITIVE_INFINITY;
      const events: RecordedEvent[] = [];
      let cursor = after;
      let from: ReadPosition = toReadPosition(after);
      while (events.length < wanted) {
        // A read from a position includes the event there, hence one more.
        const maxCount = Math.min(wanted - events.length + 1, pageSize);
        let read = 0;
        let lastSeen: Position | undefined;
        for await (const resolved of client.readAll({ fromPosition: from, maxCount, filter: names.allFilter() })) {
          read += 1;
          const event = resolved.event;
          if (!event) continue;
          lastSeen = event.position;
          const recorded = names.ours(event);
          if (recorded === undefined) continue;
          if (cursor !== undefined && recorded.position <= cursor) continue;
          events.push(recorded);
          if (events.length >= wanted) break;
        }
        if (read < maxCount || lastSeen === undefined) break;
        from = lastSeen;
        cursor = Number(lastSeen.prepare);
      }
      return events;
    },

    async headPosition() {
      const newestFirst = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 100, filter: names.allFilter() });
      for await (const resolved of newestFirst) {
        const recorded = resolved.event && names.ours(resolved.event);
        if (recorded) return recorded.position;
      }
      return undefined;
    },

    subscribe(subscribeOptions) {
      if (closed) throw new Error('The event store is closed');
      const subscription = subscribeWithResubscription(client, names, subscribeOptions, () => subscriptions.delete(subscription));
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
}

function hasErrorType(error: unknown, type: ErrorType): boolean {
  return error instanceof Error && (error as { type?: unknown }).type === type;
}

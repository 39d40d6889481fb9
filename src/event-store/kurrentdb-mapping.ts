import { ANY, excludeSystemEvents, jsonEvent, NO_STREAM, START, STREAM_EXISTS, streamNameFilter } from '@kurrent/kurrentdb-client';
import type { AppendStreamState, JSONType, PrefixesFilter, ReadPosition, RegexFilter } from '@kurrent/kurrentdb-client';
import type { ExpectedState, LogPosition, NewEvent, RecordedEvent } from './port';

// The shape shared by the client's stream reads, $all reads and subscription events.
export interface KurrentRecordedEvent {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  data: unknown;
  metadata: unknown;
  created: Date;
  position?: { commit: bigint; prepare: bigint };
}

// Prepare positions are unique per event and grow in $all order; commit
// positions can be shared by the events of one write, so they cannot be the key.
export function toRecorded(event: KurrentRecordedEvent): RecordedEvent {
  const position = toLogPosition(event.position?.prepare);
  if (position === undefined) {
    throw new Error('The server did not report event positions; EventStoreDB 22.6 or later is required');
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: isRecord(event.metadata) ? event.metadata : {},
    streamId: event.streamId,
    revision: Number(event.revision),
    position,
    recordedAt: event.created.toISOString(),
  };
}

// Servers that know no position send none, or the largest unsigned 64-bit value.
export function toLogPosition(prepare: bigint | undefined): LogPosition | undefined {
  return prepare !== undefined && prepare >= 0n && prepare < 2n ** 63n - 1n ? Number(prepare) : undefined;
}

// Reading $all from {commit: p, prepare: p} starts at the event at p (if any);
// callers drop events at or before p themselves.
export function toReadPosition(after: LogPosition | undefined): ReadPosition {
  return after === undefined ? START : { commit: BigInt(after), prepare: BigInt(after) };
}

/**
 * Stream names as the server knows them. With a prefix (EVENTSTORE_STREAM_PREFIX)
 * ours carry it there, $all is read through it, and streams of other services
 * sharing the server are never seen.
 */
export interface StreamNames {
  onServer(streamId: string): string;
  /** The event with our stream id, or undefined for a system event or a stream that is not ours. */
  ours(event: KurrentRecordedEvent): RecordedEvent | undefined;
  /** The server-side filter for reads and subscriptions of $all. */
  allFilter(): RegexFilter | PrefixesFilter;
}

export function createStreamNames(prefix: string): StreamNames {
  return {
    onServer: (streamId) => `${prefix}${streamId}`,
    ours(event) {
      if (isSystemEvent(event) || !event.streamId.startsWith(prefix)) return undefined;
      return { ...toRecorded(event), streamId: event.streamId.slice(prefix.length) };
    },
    allFilter: () => (prefix === '' ? excludeSystemEvents() : streamNameFilter({ prefixes: [prefix] })),
  };
}

export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // The client's JSON types leave out null and numbers; it serialises with JSON.stringify all the same.
    data: (event.data ?? null) as JSONType,
    metadata: (event.metadata ?? {}) as JSONType,
  });
}

export function toStreamState(expected: ExpectedState): AppendStreamState {
  switch (expected.kind) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    case 'revision':
      return BigInt(expected.revision);
    default: {
      const unknown: never = expected;
      throw new Error(`Unknown expected state ${JSON.stringify(unknown)}`);
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/**
 * The event log: the only source of truth. Two adapters implement it
 * (SQLite, the embedded default, and KurrentDB/EventStoreDB); both pass
 * `conformance.ts`.
 */

/**
 * A position in the whole log. Strictly increasing in log order across all
 * streams; comparable as a number. Opaque otherwise: never do arithmetic on it
 * beyond comparison (KurrentDB positions are byte offsets, not counters).
 */
export type LogPosition = number;

/** What the appender believes about the stream before its append. */
export type ExpectedState =
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  | { kind: 'any' }
  /** The revision of the stream's last event (the first event is revision 0). */
  | { kind: 'revision'; revision: number };

export const expected = {
  noStream: { kind: 'no_stream' } as ExpectedState,
  streamExists: { kind: 'stream_exists' } as ExpectedState,
  any: { kind: 'any' } as ExpectedState,
  revision: (revision: number): ExpectedState => ({ kind: 'revision', revision }),
} as const;

export type EventMetadata = Record<string, unknown>;

/** An event about to be appended. `id` is a UUID; a retried append reuses it. */
export interface NewEvent {
  id: string;
  type: string;
  data: unknown;
  metadata?: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  streamId: string;
  /** This event's revision within its stream, from 0. */
  revision: number;
  position: LogPosition;
  /** ISO timestamp given by the store when the event was written. */
  recordedAt: string;
}

export interface AppendResult {
  /** The revision of the last event now in the stream: pass it as the next expected revision. */
  nextRevision: number;
  /** The log position of the last event appended. */
  position: LogPosition;
}

/** The stream's state did not match the expected state. Retry by re-reading. */
export class StreamConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedState,
    /** The stream's actual last revision, or -1 when the stream does not exist. */
    readonly actualRevision: number,
  ) {
    super(`Stream ${streamId}: expected ${describeExpected(expected)}, actual revision ${actualRevision}`);
    this.name = 'StreamConflictError';
  }
}

function describeExpected(expected: ExpectedState): string {
  return expected.kind === 'revision' ? `revision ${expected.revision}` : expected.kind;
}

/**
 * The most one event's data and metadata may weigh, serialized as JSON, in
 * UTF-8 bytes. KurrentDB refuses appends over 1 MiB; half of that leaves room
 * for the rest of an append, and no event the product writes comes near it
 * (docs/decisions/0021).
 */
export const MAX_EVENT_BYTES = 512 * 1024;

/** An event over MAX_EVENT_BYTES: refused by every adapter before anything is written. */
export class EventTooLargeError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventType: string,
    /** Its serialized data and metadata, in UTF-8 bytes. */
    readonly bytes: number,
  ) {
    super(`Event ${eventType} for stream ${streamId} is ${bytes} bytes; at most ${MAX_EVENT_BYTES} are stored`);
    this.name = 'EventTooLargeError';
  }
}

/** An event's data and metadata as the JSON an adapter stores. */
export interface EncodedEvent {
  data: string;
  metadata: string;
}

/**
 * Throws EventTooLargeError when one of the events is over MAX_EVENT_BYTES.
 * Every adapter calls it at the start of `append`, so the limit holds on
 * every backend and a refused append writes nothing. Returns each event's
 * JSON, measured, for an adapter that stores that (SQLite) to store as is.
 */
export function assertEventsFit(streamId: string, events: readonly NewEvent[]): EncodedEvent[] {
  return events.map((event) => {
    const data = JSON.stringify(event.data ?? null);
    const metadata = JSON.stringify(event.metadata ?? {});
    // No UTF-16 unit takes more than 3 bytes in UTF-8, so most events need no count.
    if ((data.length + metadata.length) * 3 > MAX_EVENT_BYTES) {
      const bytes = utf8Bytes(data) + utf8Bytes(metadata);
      if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(streamId, event.type, bytes);
    }
    return { data, metadata };
  });
}

/** UTF-8 length without encoding. JSON.stringify leaves no lone surrogate, so a pair counts 2 + 2 = 4. */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x800 && (code < 0xd800 || code > 0xdfff)) bytes += 2;
    else if (code >= 0x80) bytes += 1;
  }
  return bytes;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; undefined means from the start of the log. */
  after?: LogPosition;
  /**
   * Called once per event, in log order, never concurrently. The subscription
   * waits for the returned promise before delivering the next event.
   */
  onEvent: (event: RecordedEvent) => void | Promise<void>;
  /**
   * Called when delivery ends for good: `onEvent` threw, or the store refused
   * the subscription for a reason retrying cannot fix (access denied, a
   * deleted stream). The subscription stops after it. The projection runner
   * never lets `onEvent` throw: it retries a failing event itself
   * (docs/decisions/0028).
   */
  onError?: (error: unknown) => void;
  /**
   * Called when the connection dropped for a reason worth retrying (the
   * server restarted, a leader changed, a timeout): the adapter subscribes
   * again from the last delivered position by itself. For logs.
   */
  onDropped?: (cause: unknown) => void;
}

export interface Subscription {
  /** Stops delivery; resolves once no `onEvent` call is running. */
  stop(): Promise<void>;
}

export interface ReadStreamOptions {
  /**
   * `sealed`: the caller reads no personal value (a fold of fields that are
   * not personal), so the values the log holds encrypted come back as stored,
   * `{ $pii, iv, data }`, with no key looked up and nothing deciphered
   * (docs/decisions/0042, 0052). `open` (the default) opens them. A store
   * that seals nothing, or a wrapper that does not pass the option on, opens
   * as usual: leaving values sealed is only ever a saving.
   */
  personalValues?: 'open' | 'sealed';
}

export interface EventStore {
  /**
   * Appends atomically to one stream when `expected` holds, else throws
   * StreamConflictError. Appending events whose ids were all already appended
   * to this stream, in the same order, returns the original result without
   * writing (see docs/decisions for what each backend guarantees).
   */
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedState): Promise<AppendResult>;
  /** The stream's events in revision order; empty when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The revision of the stream's last event as the log holds it now (-1 when
   * there is no stream), without reading its events: lets a caller reuse what
   * it folded from the stream while the revision is unchanged. Optional: a
   * wrapper without it makes such a caller read the stream every time.
   */
  streamRevision?(streamId: string): Promise<number>;
  /** Up to `limit` events of the whole log strictly after `after`, in log order. */
  readAll(options?: { after?: LogPosition; limit?: number }): Promise<RecordedEvent[]>;
  /** The position of the last event in the log, or undefined when the log is empty. */
  headPosition(): Promise<LogPosition | undefined>;
  /**
   * Catch up from `after`, then stay live, with no gap and no duplicate at the
   * switch. Adapters resubscribe after a dropped connection from the last
   * delivered position.
   */
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

import type { EventMetadata, EventStore, LogPosition, RecordedEvent } from '../../event-store/port';
import { StreamConflictError, expected } from '../../event-store/port';
import type { Decider, DomainEvent } from './decider';

export interface HandleCommandOptions<Event extends DomainEvent> {
  /** Stored with every event: who did it, from where, and why. */
  metadata?: EventMetadata;
  /**
   * The id of each new event. Process managers pass deterministic ids so a
   * retried reaction is not appended twice; commands from people use random ids.
   */
  eventId?: (event: Event, index: number) => string;
  maxAttempts?: number;
  /** Injected for tests; defaults to a jittered sleep. */
  backoff?: (attempt: number) => Promise<void>;
}

export interface CommandResult<State, Event extends DomainEvent> {
  /** The events appended; empty when the decider decided nothing. */
  events: Event[];
  /** The stream's state after the new events. */
  state: State;
  /** The log position of the last appended event, to wait on read models. */
  position: LogPosition | undefined;
}

/**
 * Reads the stream, decides, and appends at the revision it read. When another
 * writer got there first, it re-reads and re-decides (the new state may now
 * refuse the command), a few times with jittered backoff.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  options: HandleCommandOptions<Event> = {},
): Promise<CommandResult<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = options.backoff ?? jitteredBackoff;
  for (let attempt = 1; ; attempt++) {
    const recorded = await eventStore.readStream(streamId);
    const state = recorded.reduce((s, e) => decider.evolve(s, toDomainEvent<Event>(e)), decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, position: undefined };

    const lastRevision = recorded.at(-1)?.revision;
    try {
      const result = await eventStore.append(
        streamId,
        events.map((event, index) => ({
          id: options.eventId?.(event, index) ?? crypto.randomUUID(),
          type: event.type,
          data: event.data,
          ...(options.metadata ? { metadata: options.metadata } : {}),
        })),
        lastRevision === undefined ? expected.noStream : expected.revision(lastRevision),
      );
      const newState = events.reduce((s, e) => decider.evolve(s, e), state);
      return { events, state: newState, position: result.position };
    } catch (error) {
      if (!(error instanceof StreamConflictError) || attempt >= maxAttempts) throw error;
      await backoff(attempt);
    }
  }
}

/** Reads a stream and folds it, for queries that need a decider's state. */
export async function loadState<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
): Promise<State> {
  const recorded = await eventStore.readStream(streamId);
  return recorded.reduce((s, e) => decider.evolve(s, toDomainEvent<Event>(e)), decider.initialState);
}

function toDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  // Stored events were produced by this stream's decider, so their shape is its Event union.
  return { type: recorded.type, data: recorded.data } as Event;
}

function jitteredBackoff(attempt: number): Promise<void> {
  const ceiling = Math.min(200, 5 * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

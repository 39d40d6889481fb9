import type { EventMetadata, EventStore, LogPosition, RecordedEvent } from '../../event-store/port';
import type { ExpectedState, NewEvent } from '../../event-store/port';
import { EventTooLargeError, StreamConflictError, expected } from '../../event-store/port';
import type { Decider, DomainEvent } from './decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from './errors';

export interface HandleCommandOptions<Event extends DomainEvent> {
  /** Stored with every event: who did it, from where, and why. */
  metadata?: EventMetadata;
  /**
   * The id of each new event. Process managers pass deterministic ids so a
   * retried reaction is not appended twice; commands from people use random ids.
   */
  eventId?: (event: Event, index: number) => string;
  maxAttempts?: number;
  /**
   * How many times an append that failed with an unknown outcome (a timeout,
   * an unavailable store: anything but a conflict or an oversized event) is
   * sent again, with the same event ids and expected state; 3 by default.
   */
  unknownOutcomeRetries?: number;
  /** Injected for tests; defaults to a jittered sleep after a conflict, 100 ms doubling after an unknown outcome. */
  backoff?: (attempt: number) => Promise<void>;
  /**
   * The id `eventId` gives this command's first event. When the stream already
   * holds an event of that id, the command landed before (a retried request
   * with the same Idempotency-Key, docs/decisions/0061): it is not decided
   * again, and its result is the events it appended then.
   */
  landedEventId?: string;
  /** A stream nearly always new (a fresh key's) is not read: decided on the initial state, appended expecting no
   * stream. If it exists the append conflicts, and the command reads it and decides again (no backoff, no `retried`). */
  expectNew?: boolean;
}

/**
 * An append that failed for a reason other than a conflict on every try: it
 * may have been written or not. The request answers 503 with Retry-After, and
 * a retry with the same Idempotency-Key finds what landed.
 */
export class AppendOutcomeUnknownError extends Error {
  constructor(readonly streamId: string, cause: unknown) {
    super(`The append to ${streamId} has an unknown outcome: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'AppendOutcomeUnknownError';
  }
}

export interface CommandResult<State, Event extends DomainEvent> {
  /** The events appended; empty when the decider decided nothing. */
  events: Event[];
  /** The stream's state after the new events. */
  state: State;
  /** The log position of the last appended event, to wait on read models. */
  position: LogPosition | undefined;
  /** True when the command had landed before and was found, not decided again (`landedEventId`): what followed it then need not be done twice. */
  replayed?: boolean;
}

/**
 * Decides on the stream's state and appends at the revision that state was
 * folded from. When another writer got there first, it re-reads and re-decides
 * (the new state may now refuse the command), a few times with jittered backoff.
 *
 * The state a successful command leaves is remembered per event store, decider
 * and stream, so the next command on the stream need not read and fold it
 * again. Only an append at its revision proves a remembered state current: a
 * conflict drops it, and a refusal or a no-op decided on it is decided again on
 * the stream as stored.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  options: HandleCommandOptions<Event> = {},
): Promise<CommandResult<State, Event>> {
  const observe = observers.get(eventStore);
  if (!observe) return decideAndAppend(eventStore, streamId, decider, command, options);
  try {
    const result = await decideAndAppend(eventStore, streamId, decider, command, options, () => observe('retried'));
    observe('ok');
    return result;
  } catch (error) {
    observe(outcomeOf(error));
    throw error;
  }
}

/**
 * How a command ended: `ok` (appended, or nothing to append), `refused` (the
 * decider threw a domain error), `conflict` (other writers won every attempt),
 * `failed` (the store or a bug threw). `retried` is reported once per
 * re-decision after a conflicting append, before the command ends.
 */
export type CommandOutcome = 'ok' | 'refused' | 'conflict' | 'retried' | 'failed';

const observers = new WeakMap<EventStore, (outcome: CommandOutcome) => void>();

/**
 * Reports the outcome of every command handled on this event store (for the
 * metrics). Keyed by the store instance, so apps in one process stay apart.
 */
export function observeCommands(eventStore: EventStore, observer: (outcome: CommandOutcome) => void): void {
  observers.set(eventStore, observer);
}

function outcomeOf(error: unknown): CommandOutcome {
  if (error instanceof StreamConflictError) return 'conflict';
  const refused = error instanceof ValidationError || error instanceof ForbiddenError || error instanceof NotFoundError || error instanceof ConflictError;
  return refused ? 'refused' : 'failed';
}

async function decideAndAppend<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  options: HandleCommandOptions<Event>,
  onRetry?: () => void,
): Promise<CommandResult<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = options.backoff ?? jitteredBackoff;
  const remembered = rememberedStates<State>(eventStore, decider);
  if (options.landedEventId !== undefined) {
    const landed = await findLanded(eventStore, streamId, decider, options);
    if (landed) return landed;
  }
  for (let attempt = 1, assumeNew = options.expectNew === true; ; attempt++, assumeNew = false) {
    let known = remembered.take(streamId);
    const assumed = !known && assumeNew;
    if (assumed) known = { revision: -1, state: decider.initialState };
    let events = known ? decideOrNothing(decider, command, known.state) : [];
    if (!known || events.length === 0) {
      known = await readFolded(eventStore, streamId, decider);
      events = decider.decide(command, known.state);
      if (events.length === 0) {
        remembered.keep(streamId, known);
        return { events, state: known.state, position: undefined };
      }
    }

    try {
      const result = await appendSurvivingUnknownOutcomes(
        eventStore,
        streamId,
        events.map((event, index) => toNewEvent(event, index, options)),
        known.revision < 0 ? expected.noStream : expected.revision(known.revision),
        options,
      );
      const state = events.reduce((s, e) => decider.evolve(s, e), known.state);
      // An append whose event ids were already stored answers with its first result: nothing to remember then.
      if (result.nextRevision === known.revision + events.length) remembered.keep(streamId, { revision: result.nextRevision, state });
      return { events, state, position: result.position };
    } catch (error) {
      // The stream was there after all: read it, as a command that assumed nothing would have (not a retry).
      if (assumed && error instanceof StreamConflictError) {
        attempt -= 1;
        continue;
      }
      if (!(error instanceof StreamConflictError) || attempt >= maxAttempts) throw error;
      onRetry?.();
      await backoff(attempt);
    }
  }
}

/**
 * An append that failed for a reason other than a conflict may have been
 * written all the same (the server wrote, then the answer was lost). Sending
 * it again with the same event ids and expected state is safe: the store
 * answers an append it already holds with its original result
 * (docs/decisions/0028), and refuses with a conflict when another writer
 * got in first, which the caller re-decides like any conflict. So the
 * client's request gets the one answer, never a 500 for a write that
 * happened nor a second copy of it.
 */
async function appendSurvivingUnknownOutcomes(
  eventStore: EventStore,
  streamId: string,
  events: NewEvent[],
  state: ExpectedState,
  options: Pick<HandleCommandOptions<DomainEvent>, 'unknownOutcomeRetries' | 'backoff'>,
) {
  const retries = options.unknownOutcomeRetries ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await eventStore.append(streamId, events, state);
    } catch (error) {
      const decided = error instanceof StreamConflictError || error instanceof EventTooLargeError;
      if (decided) throw error;
      if (attempt > retries) throw new AppendOutcomeUnknownError(streamId, error);
      await (options.backoff ?? unknownOutcomeBackoff)(attempt);
    }
  }
}

/** The result a command gave when it landed before, found by the id of its first event; null when it never did. */
async function findLanded<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  options: HandleCommandOptions<Event>,
): Promise<CommandResult<State, Event> | null> {
  const recorded = await eventStore.readStream(streamId);
  const first = recorded.findIndex((event) => event.id === options.landedEventId);
  if (first < 0) return null;
  // Its events are the ones after it that carry the ids the same command gives them, in order.
  let end = first + 1;
  while (end < recorded.length && recorded[end]?.id === options.eventId?.(toDomainEvent<Event>(recorded[end] as RecordedEvent), end - first)) end++;
  const mine = recorded.slice(first, end);
  const state = recorded.reduce((s, e) => decider.evolve(s, toDomainEvent<Event>(e)), decider.initialState);
  return { events: mine.map((event) => toDomainEvent<Event>(event)), state, position: mine.at(-1)?.position, replayed: true };
}

function unknownOutcomeBackoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
}

interface Folded<State> {
  /** The revision of the stream's last event folded in; -1 for no stream. */
  revision: number;
  state: State;
}

async function readFolded<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
): Promise<Folded<State>> {
  const recorded = await eventStore.readStream(streamId);
  const state = recorded.reduce((s, e) => decider.evolve(s, toDomainEvent<Event>(e)), decider.initialState);
  return { revision: recorded.at(-1)?.revision ?? -1, state };
}

function toNewEvent<Event extends DomainEvent>(event: Event, index: number, options: HandleCommandOptions<Event>): NewEvent {
  const id = options.eventId?.(event, index) ?? crypto.randomUUID();
  return options.metadata ? { id, type: event.type, data: event.data, metadata: options.metadata } : { id, type: event.type, data: event.data };
}

function decideOrNothing<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>, command: Command, state: State): Event[] {
  try {
    return decider.decide(command, state);
  } catch {
    return [];
  }
}

/** Streams' states remembered the longest are dropped first. */
const REMEMBERED_STREAMS = 10_000;
const remembering = new WeakMap<EventStore, WeakMap<object, RememberedStates<unknown>>>();

interface RememberedStates<State> {
  /** Removes and returns the stream's state: a command in flight holds it until its append proves it. */
  take(streamId: string): Folded<State> | undefined;
  keep(streamId: string, folded: Folded<State>): void;
}

function rememberedStates<State>(eventStore: EventStore, decider: object): RememberedStates<State> {
  let byDecider = remembering.get(eventStore);
  if (!byDecider) remembering.set(eventStore, (byDecider = new WeakMap()));
  let states = byDecider.get(decider);
  if (!states) {
    const folded = new Map<string, Folded<unknown>>();
    states = {
      take(streamId) {
        const found = folded.get(streamId);
        folded.delete(streamId);
        return found;
      },
      keep(streamId, state) {
        folded.delete(streamId);
        if (folded.size >= REMEMBERED_STREAMS) folded.delete(folded.keys().next().value as string);
        folded.set(streamId, state);
      },
    };
    byDecider.set(decider, states);
  }
  return states as RememberedStates<State>;
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

import type { EventStore, LogPosition, RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import type { PositionedPush, Projection } from '../projection';

export interface ProjectionStatus {
  name: string;
  /** The last log position applied, or undefined before the first event. */
  position: LogPosition | undefined;
  caughtUp: boolean;
  /** How old the newest applied event was when applied, while behind; 0 when caught up. */
  lagMs: number;
  /** Present while the projection keeps failing on one event, which the runner retries. */
  failing?: ProjectionFailure;
  /** Present while the projection is parked on one event, until an operator retries or skips it. */
  parked?: ParkedEvent;
}

/** The event a projection is stuck on, and why. */
export interface ProjectionFailure {
  eventId: string;
  eventType: string;
  position: LogPosition;
  /** Attempts so far, the first included. */
  attempts: number;
  /** The last attempt's error message. */
  error: string;
  /** ISO time of the first failed attempt. */
  since: string;
}

/** The event a projection gave up on after its attempts: it applies nothing more until an operator acts. */
export interface ParkedEvent extends ProjectionFailure {
  streamId: string;
  /** ISO time it was parked. */
  parkedAt: string;
}

/**
 * The one subscription that feeds every projection: `failed` once the event
 * store ended it for a reason retrying cannot fix (see `subscriptionError()`).
 * A failing projection does not fail the subscription: its event is retried.
 */
export type SubscriptionState = 'stopped' | 'catching_up' | 'live' | 'failed';

/** Where the runner reports failures, drops and recoveries (the app's logger fits). */
export interface RunnerLog {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
}

export const silentLog: RunnerLog = { error: () => {}, warn: () => {}, info: () => {} };

export interface ProjectionRunner {
  /**
   * Subscribes from the stored checkpoints and resolves once every projection
   * has caught up with the log as it was when `start` was called.
   */
  start(): Promise<void>;
  /**
   * Resolves true once every projection that is not parked has applied
   * `position`, false after `timeoutMs`. A parked projection is not waited
   * for: reads of its collections answer 503 instead (ProjectionParkedError).
   * With `reads` (collection names, a constant list), only the projections
   * that own those collections are waited for: what an answer reads.
   */
  waitFor(position: LogPosition | undefined, timeoutMs?: number, reads?: readonly string[]): Promise<boolean>;
  status(): Promise<ProjectionStatus[]>;
  /** The projections parked on an event, by name. */
  parked(): ReadonlyMap<string, ParkedEvent>;
  subscriptionState(): SubscriptionState;
  /** Why the subscription failed, while its state is `failed`. */
  subscriptionError(): string | undefined;
  /**
   * Replays the whole log into a new generation of the read models while this
   * node and the others keep serving the current one, then makes it current:
   * this runner follows at once, other nodes within `generationCheckMs`, and
   * the generation that was current is dropped once no node's heartbeat says
   * it still reads it (docs/decisions/0031, 0062).
   */
  rebuild(): Promise<void>;
  /**
   * Runs `look` at a moment when no event is being applied, with the last
   * position each projection applied and the last event this runner applied:
   * what a snapshot of the read models records beside them (docs/decisions/0052).
   */
  between<T>(look: (moment: RunnerMoment) => T): Promise<T>;
  stop(): Promise<void>;
}

/** Where the runner stands between two events. */
export interface RunnerMoment {
  positions: ReadonlyMap<string, LogPosition | undefined>;
  /** The last event this runner applied since it started; undefined before the first. */
  last: { position: LogPosition; eventId: string } | undefined;
}

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  /** Receives what projections announce, after the event is in the read models. */
  onPush?: (push: PositionedPush) => void;
  /**
   * Whether a socket of this node is in one of `rooms` now: projections skip
   * building pushes nobody would receive (ApplyContext.listening). Absent:
   * every push is built.
   */
  listening?: (rooms: readonly string[]) => boolean;
  log?: RunnerLog;
  /** Called at an event's first failure in a projection; `log` reports more (failures, drops, recoveries). */
  onError?: (error: unknown, event: RecordedEvent) => void;
  /** How long applied positions may sit in memory before they are stored. */
  checkpointIntervalMs?: number;
  /** The wait before retry `attempt` (1 for the first retry) of a failing event; 50 ms doubling up to 5 s by default. */
  retryDelayMs?: (attempt: number) => number;
  /**
   * After how many attempts on one event a projection whose own code throws is
   * parked; 5 by default. An error of the read store is retried without end:
   * it is the store's, not the event's (docs/decisions/0028, 0062).
   */
  parkAfterAttempts?: number;
  /** How often a projection still failing on the same event is logged again after its first error; 60 s by default. */
  failureLogIntervalMs?: number;
  /** How often the runner looks whether a rebuild elsewhere made another generation current, and reports its own; 1 s by default. */
  generationCheckMs?: number;
  /** The least a rebuild waits after the switch before it drops the old generation, heartbeats permitting; 0 by default. */
  generationGraceMs?: number;
  /** How long a node's report of the generation it reads counts as alive; 10 checks by default. */
  heartbeatTtlMs?: number;
  /** Names this node in its generation heartbeat; a random id by default. */
  node?: string;
  /**
   * Applies each event a projection's `handles` skips all the same, through a
   * store that refuses writes, and reports a write or a push by console.error
   * (runner/skips.ts). On by default in the test runs (VITEST set), off otherwise.
   */
  checkSkips?: boolean;
}

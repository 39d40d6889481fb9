import type { EventStore, LogPosition, RecordedEvent, Subscription } from '../event-store/port';
import type { ReadStore } from '../read-store/port';
import { DuplicateKeyError } from '../read-store/port';
import type { PositionedPush, Projection } from './projection';
import { readModelsOf } from './read-models';

export interface ProjectionStatus {
  name: string;
  /** The last log position applied, or undefined before the first event. */
  position: LogPosition | undefined;
  caughtUp: boolean;
  /** How old the newest applied event was when applied, while behind; 0 when caught up. */
  lagMs: number;
  /** Present while the projection keeps failing on one event, which the runner retries. */
  failing?: ProjectionFailure;
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

export interface ProjectionRunner {
  /**
   * Subscribes from the stored checkpoints and resolves once every projection
   * has caught up with the log as it was when `start` was called.
   */
  start(): Promise<void>;
  /** Resolves true once every projection has applied `position`, false after `timeoutMs`. */
  waitFor(position: LogPosition | undefined, timeoutMs?: number): Promise<boolean>;
  status(): Promise<ProjectionStatus[]>;
  subscriptionState(): SubscriptionState;
  /** Why the subscription failed, while its state is `failed`. */
  subscriptionError(): string | undefined;
  /**
   * Replays the whole log into a new generation of the read models while this
   * node and the others keep serving the current one, then makes it current:
   * this runner follows at once, other nodes within `generationCheckMs`, and
   * the old generation is dropped `generationGraceMs` after the switch
   * (docs/decisions/0031).
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
  log?: RunnerLog;
  /** Called at an event's first failure in a projection; `log` reports more (failures, drops, recoveries). */
  onError?: (error: unknown, event: RecordedEvent) => void;
  /** How long applied positions may sit in memory before they are stored. */
  checkpointIntervalMs?: number;
  /** The wait before retry `attempt` (1 for the first retry) of a failing event; 50 ms doubling up to 5 s by default. */
  retryDelayMs?: (attempt: number) => number;
  /** How often a projection still failing on the same event is logged again after its first error; 60 s by default. */
  failureLogIntervalMs?: number;
  /** How often the runner looks whether a rebuild elsewhere made another generation current; 1 s by default. */
  generationCheckMs?: number;
  /** How long a rebuild keeps the old generation after the switch, for nodes still reading it; 3 checks by default. */
  generationGraceMs?: number;
}

const retryDelay = (attempt: number) => Math.min(5000, 50 * 2 ** (attempt - 1));
const silent: RunnerLog = { error: () => {}, warn: () => {}, info: () => {} };

/** Where each projection's checkpoint is stored, one document per projection. */
export const CHECKPOINTS = 'projection_checkpoints';

type Checkpoint = {
  _id: string;
  position: LogPosition;
};

/**
 * Feeds the log to every projection through one subscription. Each projection
 * keeps its own checkpoint, so a projection added later (or rebuilt alone)
 * replays from the start while the others skip what they already applied.
 *
 * A projection that throws is retried on the same event, with capped
 * exponential backoff, until it succeeds or the runner stops: a read store
 * that times out or elects a new primary must not freeze the read models
 * until a restart. The projections that already applied the event are not
 * asked again, and no later event is delivered meanwhile (docs/decisions/0028).
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, projections } = options;
  // Every collection through the current generation, so a rebuild can switch it under the nodes (read-models.ts).
  const readStore = readModelsOf(options.readStore);
  const generationCheckMs = options.generationCheckMs ?? 1000;
  const generationGraceMs = options.generationGraceMs ?? 3 * generationCheckMs;
  const log = options.log ?? silent;
  const delayOf = options.retryDelayMs ?? retryDelay;
  const failureLogIntervalMs = options.failureLogIntervalMs ?? 60_000;
  const checkpoints = readStore.collection<Checkpoint>(CHECKPOINTS);
  const applied = new Map<string, LogPosition | undefined>();
  const failures = new Map<string, ProjectionFailure>();
  const lastFailureLog = new Map<string, number>();
  let lastAppliedAt = 0;
  let lastRecordedAt = 0;
  let subscription: Subscription | undefined;
  let state: SubscriptionState = 'stopped';
  let stateError: string | undefined;
  let stopping = false;
  let cancelPause: (() => void) | undefined;
  let endCatchUp: (() => void) | undefined;
  let waiters: Array<{ position: LogPosition; resolve: (ok: boolean) => void }> = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let dirty = false;
  let checkpointsFailingLoggedAt: number | undefined;
  // Events at or before this position were pushed, or were history when the runner started: never pushed again.
  let pushedThrough: LogPosition | undefined;
  let running = false;
  let generationTimer: NodeJS.Timeout | undefined;
  // Switches of generation happen one at a time; a check while one runs is skipped.
  let following: Promise<void> = Promise.resolve();
  let checking = false;
  // The event being applied, if any: a look between events waits for it.
  let applying: Promise<boolean> | undefined;
  let lastApplied: RunnerMoment['last'];

  const lowest = (): LogPosition | undefined => {
    let min: LogPosition | undefined = Number.POSITIVE_INFINITY;
    for (const position of applied.values()) {
      if (position === undefined) return undefined;
      min = Math.min(min, position);
    }
    return min;
  };

  const reached = (position: LogPosition) => {
    const current = lowest();
    return current !== undefined && current >= position;
  };

  const settleWaiters = () => {
    if (waiters.length === 0) return;
    const current = lowest();
    if (current === undefined) return;
    waiters = waiters.filter((waiter) => {
      if (current < waiter.position) return true;
      waiter.resolve(true);
      return false;
    });
  };

  // Forward only: a node that lags behind another on a shared read store never moves a checkpoint back.
  const saveCheckpoint = async (name: string, position: LogPosition) => {
    try {
      await checkpoints.updateOne({ _id: name, position: { $lt: position } }, { $set: { position } }, { upsert: true });
    } catch (error) {
      // The stored checkpoint is already at or past ours: the upsert tried to insert its _id again.
      if (error instanceof DuplicateKeyError) return;
      throw error;
    }
  };

  const writeCheckpoints = async () => {
    if (!dirty) return;
    dirty = false;
    const failed: string[] = [];
    let lastError: unknown;
    for (const [name, position] of applied) {
      if (position === undefined) continue;
      try {
        await saveCheckpoint(name, position);
      } catch (error) {
        // Replays are idempotent, so a checkpoint that could not be stored only costs a longer replay: try at the next flush.
        failed.push(name);
        lastError = error;
        dirty = true;
      }
    }
    // One line when the writes start failing, then at the rate of a failing projection's: a flush runs 4 times a second.
    if (failed.length > 0 && (checkpointsFailingLoggedAt === undefined || Date.now() - checkpointsFailingLoggedAt >= failureLogIntervalMs)) {
      log.warn('projection checkpoints not stored; retrying at the next flush', { projections: failed, error: lastError });
      checkpointsFailingLoggedAt = Date.now();
    } else if (failed.length === 0 && checkpointsFailingLoggedAt !== undefined) {
      log.info('projection checkpoints stored again');
      checkpointsFailingLoggedAt = undefined;
    }
    if (dirty && !stopping) scheduleFlush();
  };

  // One flush at a time, so a slow write is never overtaken by an older position.
  const flush = () => {
    flushTimer = undefined;
    flushing = flushing.then(writeCheckpoints);
    return flushing;
  };

  const scheduleFlush = () => {
    dirty = true;
    flushTimer ??= setTimeout(() => void flush(), options.checkpointIntervalMs ?? 250);
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        cancelPause = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      cancelPause = done;
    });

  const noteFailure = (projection: Projection, event: RecordedEvent, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const previous = failures.get(projection.name);
    const failure: ProjectionFailure =
      previous?.eventId === event.id
        ? { ...previous, attempts: previous.attempts + 1, error: message }
        : { eventId: event.id, eventType: event.type, position: event.position, attempts: 1, error: message, since: new Date().toISOString() };
    failures.set(projection.name, failure);
    const fields = { projection: projection.name, eventId: event.id, type: event.type, position: event.position, attempts: failure.attempts, error };
    if (failure.attempts === 1) {
      options.onError?.(error, event);
      log.error('projection failed; retrying the same event', fields);
      lastFailureLog.set(projection.name, Date.now());
    } else if (Date.now() - (lastFailureLog.get(projection.name) ?? 0) >= failureLogIntervalMs) {
      log.warn('projection still failing on the same event', fields);
      lastFailureLog.set(projection.name, Date.now());
    }
    return failure.attempts;
  };

  const noteSuccess = (projection: Projection) => {
    const failure = failures.get(projection.name);
    if (!failure) return;
    failures.delete(projection.name);
    log.info('projection recovered', { projection: projection.name, eventId: failure.eventId, attempts: failure.attempts });
  };

  /** Applies the event to each projection that has not yet, retrying one that throws. False when stopped first. */
  const applyEvent = async (event: RecordedEvent, replaying: boolean): Promise<boolean> => {
    const run = applyToEach(event, replaying);
    applying = run;
    try {
      return await run;
    } finally {
      if (applying === run) applying = undefined;
    }
  };

  const applyToEach = async (event: RecordedEvent, replaying: boolean): Promise<boolean> => {
    const pushes: PositionedPush[] = [];
    const context = { replaying };
    for (const projection of projections) {
      const done = applied.get(projection.name);
      if (done !== undefined && done >= event.position) continue;
      for (;;) {
        try {
          const produced = await projection.apply(event, readStore, context);
          if (!replaying) for (const push of produced ?? []) pushes.push({ ...push, position: event.position });
          break;
        } catch (error) {
          const attempts = noteFailure(projection, event, error);
          await pause(delayOf(attempts));
          if (stopping) return false;
        }
      }
      noteSuccess(projection);
      applied.set(projection.name, event.position);
    }
    lastAppliedAt = Date.now();
    lastRecordedAt = Date.parse(event.recordedAt);
    lastApplied = { position: event.position, eventId: event.id };
    scheduleFlush();
    for (const push of pushes) {
      try {
        options.onPush?.(push);
      } catch (error) {
        log.error('push failed', { event: push.event, position: push.position, error });
      }
    }
    settleWaiters();
    return true;
  };

  const subscribe = async () => {
    if (projections.length === 0) return;
    const head = await eventStore.headPosition();
    const from = lowest();
    // At start, what the log held is history; after a switch of generation, what this node already pushed.
    pushedThrough ??= head;
    const quietThrough = pushedThrough;
    state = 'catching_up';
    stateError = undefined;
    const caughtUp = new Promise<void>((resolve) => {
      endCatchUp = () => {
        if (state === 'catching_up') state = 'live';
        endCatchUp = undefined;
        resolve();
      };
    });
    if (head === undefined || (from !== undefined && from >= head)) endCatchUp?.();
    subscription = eventStore.subscribe({
      ...(from !== undefined ? { after: from } : {}),
      onEvent: async (event) => {
        if (!(await applyEvent(event, quietThrough !== undefined && event.position <= quietThrough))) return;
        if (pushedThrough === undefined || event.position > pushedThrough) pushedThrough = event.position;
        if (head !== undefined && event.position >= head) endCatchUp?.();
      },
      onDropped: (cause) => log.warn('projection subscription dropped; subscribing again from the last event applied', { error: cause }),
      onError: (error) => {
        state = 'failed';
        stateError = error instanceof Error ? error.message : String(error);
        log.error('projection subscription ended', { error });
        endCatchUp?.();
      },
    });
    await caughtUp;
  };

  // Indexes and checkpoints of the generation the runner now uses; checkpoints belong to a generation.
  const load = async () => {
    applied.clear();
    for (const projection of projections) {
      await projection.setup?.(readStore);
      const stored = await checkpoints.findOne({ _id: projection.name });
      applied.set(projection.name, stored?.position);
    }
  };

  // Stops delivery and stores checkpoints, leaving waiters waiting: a switch of generation goes on serving them.
  const halt = async () => {
    stopping = true;
    cancelPause?.();
    await subscription?.stop();
    subscription = undefined;
    state = 'stopped';
    endCatchUp?.();
    failures.clear();
    clearTimeout(flushTimer);
    await flush();
  };

  // Moves this runner, and every read through its store, to `generation`, and catches it up from its checkpoints.
  const follow = async (generation: number) => {
    if (generation <= readStore.generation) return;
    const wasRunning = running && subscription !== undefined;
    if (wasRunning) await halt();
    readStore.use(generation);
    await load();
    if (!wasRunning || !running) return;
    stopping = false;
    log.info('read models switched to a new generation', { generation });
    await subscribe();
  };

  const serially = (work: () => Promise<void>) => (following = following.then(work, work));

  const checkGeneration = () => {
    if (checking) return;
    checking = true;
    void serially(async () => {
      try {
        await follow(await readStore.storedGeneration());
      } catch (error) {
        log.warn('could not follow the read models to their current generation; trying again at the next check', { error });
      } finally {
        checking = false;
      }
    });
  };

  const owned = [CHECKPOINTS, ...projections.flatMap((projection) => projection.collections)];

  const runner: ProjectionRunner = {
    async start() {
      stopping = false;
      running = true;
      pushedThrough = undefined;
      if (!readStore.pinned) {
        readStore.use(await readStore.storedGeneration());
        generationTimer = setInterval(() => void checkGeneration(), generationCheckMs);
        generationTimer.unref();
      }
      await load();
      await subscribe();
    },

    waitFor(position, timeoutMs = 5000) {
      if (position === undefined || reached(position)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter = {
          position,
          resolve: (ok: boolean) => {
            clearTimeout(timer);
            resolve(ok);
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs);
        waiters.push(waiter);
      });
    },

    async status() {
      const head = await eventStore.headPosition();
      return projections.map((projection) => {
        const position = applied.get(projection.name);
        const caughtUp = head === undefined || (position !== undefined && position >= head);
        const failing = failures.get(projection.name);
        return {
          name: projection.name,
          position,
          caughtUp,
          lagMs: caughtUp ? 0 : Math.max(0, lastAppliedAt - lastRecordedAt),
          ...(failing ? { failing: { ...failing } } : {}),
        };
      });
    },

    async between(look) {
      while (applying) await applying.catch(() => false);
      return look({ positions: new Map(applied), last: lastApplied });
    },

    subscriptionState: () => state,
    subscriptionError: () => (state === 'failed' ? stateError : undefined),

    async rebuild() {
      // Never the collections live nodes read: a generation of its own, replayed by a runner of its own.
      const generation = await readStore.claimGeneration();
      const target = readStore.pinnedTo(generation);
      const builder = createProjectionRunner({ ...options, readStore: target, onPush: undefined });
      await builder.start();
      await builder.stop();
      const previous = readStore.generation;
      if (!(await readStore.makeCurrent(generation))) {
        await readStore.dropGeneration(generation, owned);
        throw new Error(`A later rebuild of the read models finished first; generation ${generation} was dropped`);
      }
      log.info('read models rebuilt into a new generation', { generation, previous });
      await serially(() => follow(generation));
      // Other nodes move over at their next check; until then they still read the old generation.
      await new Promise((resolve) => setTimeout(resolve, generationGraceMs));
      await readStore.dropGeneration(previous, owned);
    },

    async stop() {
      running = false;
      clearInterval(generationTimer);
      // A switch of generation in progress stops waiting for its catch-up.
      endCatchUp?.();
      await following.catch(() => {});
      await halt();
      for (const waiter of waiters) waiter.resolve(false);
      waiters = [];
    },
  };
  return runner;
}

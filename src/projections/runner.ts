import type { LogPosition, RecordedEvent, Subscription } from '../event-store/port';
import type { ApplyContext, Push } from './projection';
import { readModelsOf } from './read-models';
import { catchUp, type CatchUpOutcome } from './runner/catch-up';
import type { Checkpoint } from './runner/checkpoints';
import { CHECKPOINTS, createCheckpoints } from './runner/checkpoints';
import { createFailurePolicy, createPause } from './runner/failures';
import { createGenerationFollowing, rebuildGeneration } from './runner/generations';
import { createParking } from './runner/parking';
import { createPushHandOff } from './runner/pushes';
import { createSkips } from './runner/skips';
import type { ProjectionRunner, ProjectionRunnerOptions, RunnerMoment, SubscriptionState } from './runner/types';
import { silentLog } from './runner/types';
import { createOwnersOf, createWaiters } from './runner/waiters';

export { CHECKPOINTS } from './runner/checkpoints';
export { ProjectionParkedError } from './runner/parking';
export type * from './runner/types';

const REPLAYING: ApplyContext = { replaying: true };

/**
 * Feeds the log to every projection through one subscription, composed of
 * parts with one job each (docs/decisions/0062): each projection's own
 * position (runner/checkpoints.ts), read-your-writes (runner/waiters.ts),
 * retries and parking (runner/failures.ts, runner/parking.ts), generation
 * following (runner/generations.ts) and the push hand-off (runner/pushes.ts).
 *
 * A projection that throws is retried on the same event with backoff; no later
 * event reaches the others meanwhile (docs/decisions/0028). When its own code
 * keeps failing, it is parked on the event after a few attempts, and the others
 * go on without it until an operator retries or skips the event.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, projections } = options;
  // Every collection through the current generation, so a rebuild can switch it under the nodes (read-models.ts).
  const readStore = readModelsOf(options.readStore);
  const log = options.log ?? silentLog;
  const generationCheckMs = options.generationCheckMs ?? 1000;
  const failureLogIntervalMs = options.failureLogIntervalMs ?? 60_000;
  const checkpoints = createCheckpoints({ collection: () => readStore.collection<Checkpoint>(CHECKPOINTS), intervalMs: options.checkpointIntervalMs ?? 250, log, failureLogIntervalMs });
  const policy = createFailurePolicy({ log, retryDelayMs: options.retryDelayMs, parkAfter: options.parkAfterAttempts, failureLogIntervalMs, onError: options.onError });
  const pause = createPause();
  const parking = createParking({ projections, checkpoints, log });
  // A parked projection is never waited for: reads of it answer 503 at once instead.
  const waiters = createWaiters((names) => checkpoints.lowest(names ? names.filter((name) => !parking.isParked(name)) : parking.active()));
  const ownersOf = createOwnersOf(projections);
  const pushes = createPushHandOff({ onPush: options.onPush, log });
  const skips = createSkips(projections, { check: options.checkSkips ?? process.env.VITEST !== undefined });
  const live: ApplyContext = { replaying: false, ...(options.listening ? { listening: options.listening } : {}) };
  // Projections write past the read guard. Retries go through a store that tags its errors, so the
  // policy tells the store's errors from the projection's own; first attempts pay nothing for it.
  const store = readStore.unguarded();
  const tagged = policy.tagStoreErrors(store);
  const generations = createGenerationFollowing({
    readStore,
    node: options.node ?? crypto.randomUUID(),
    checkMs: generationCheckMs,
    ttlMs: options.heartbeatTtlMs ?? 10 * generationCheckMs,
    log,
    follow: (generation) => follow(generation),
  });
  let lastAppliedAt = 0;
  let lastRecordedAt = 0;
  let subscription: Subscription | undefined;
  let state: SubscriptionState = 'stopped';
  let stateError: string | undefined;
  let stopping = false;
  let running = false;
  let endCatchUp: (() => void) | undefined;
  let catchingUp: Promise<CatchUpOutcome> | undefined; // the replay of what the log held at the start: a halt waits for it
  // The event being applied, if any: a look between events waits for it.
  let applying: Promise<boolean> | undefined;
  let lastApplied: RunnerMoment['last'];

  // A projection is past `position`. An answer that reads only some projections need not wait for the rest: looked at after each one such an answer names.
  const reached = (name: string, position: LogPosition) => {
    checkpoints.set(name, position);
    if (waiters.wants(name)) waiters.settle(position);
  };

  /** Applies one event to one projection, retrying while the policy says so. */
  const applyOne = async (projection: (typeof projections)[number], event: RecordedEvent, context: ApplyContext): Promise<readonly Push[] | 'parked' | 'stopped'> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const produced = await projection.apply(event, attempt === 1 ? store : tagged, context);
        policy.succeeded(projection);
        reached(projection.name, event.position);
        return produced ?? [];
      } catch (error) {
        const verdict = policy.failed(projection, event, error);
        if (!verdict.retry) {
          await parking.park(projection.name, verdict.parked);
          return 'parked';
        }
        await pause.wait(verdict.delayMs);
        if (stopping) return 'stopped';
      }
    }
  };

  /** After an operator's retry or skip: the projection applies what it missed, up to the operator's event. */
  const unpark = async (event: RecordedEvent): Promise<boolean> => {
    const unparked = await parking.unpark(event);
    if (!unparked) return true;
    const { projection, skip, action } = unparked;
    if (skip) checkpoints.set(projection.name, action.position);
    for (;;) {
      const after = checkpoints.get(projection.name);
      const page = await eventStore.readAll({ ...(after !== undefined ? { after } : {}), limit: 500 });
      const due = page.filter((missed) => missed.position < event.position);
      for (const missed of due) {
        const outcome = await applyOne(projection, missed, REPLAYING);
        if (outcome === 'stopped') return false;
        if (outcome === 'parked') return true;
      }
      if (due.length < page.length || page.length === 0) return true;
    }
  };

  /** Applies the event to each projection that has not yet and is not parked. False when stopped first. */
  const applyToEach = async (event: RecordedEvent, replaying: boolean): Promise<boolean> => {
    if (parking.names(event) && !(await unpark(event))) return false;
    const produced: Push[] = [];
    const context = replaying ? REPLAYING : live;
    for (const projection of projections) {
      if (parking.isParked(projection.name)) continue;
      const done = checkpoints.get(projection.name);
      if (done !== undefined && done >= event.position) continue;
      if (skips.skips(projection, event)) {
        if (skips.checking) await skips.check(projection, event, store, context);
        reached(projection.name, event.position);
        continue;
      }
      const outcome = await applyOne(projection, event, context);
      if (outcome === 'stopped') return false;
      if (outcome !== 'parked' && !replaying) produced.push(...outcome);
    }
    lastAppliedAt = Date.now();
    lastRecordedAt = Date.parse(event.recordedAt);
    lastApplied = { position: event.position, eventId: event.id };
    pushes.deliver(event, produced);
    waiters.settle();
    return true;
  };

  const applyEvent = async (event: RecordedEvent, replaying: boolean): Promise<boolean> => {
    const run = applyToEach(event, replaying);
    applying = run;
    try {
      return await run;
    } finally {
      if (applying === run) applying = undefined;
    }
  };

  const fail = (error: unknown) => { // the subscription ended for good, or the catch-up could not apply an event
    state = 'failed';
    stateError = error instanceof Error ? error.message : String(error);
    log.error('projection subscription ended', { error });
    endCatchUp?.();
  };

  const subscribe = async () => {
    if (projections.length === 0) return;
    const head = await eventStore.headPosition();
    // From the lowest position of all, parked ones included: an operator's event after it must reach them.
    const from = checkpoints.lowest();
    pushes.begin(head);
    state = 'catching_up';
    stateError = undefined;
    const caughtUp = new Promise<void>((resolve) => {
      endCatchUp = () => {
        if (state === 'catching_up') state = 'live';
        endCatchUp = undefined;
        resolve();
      };
    });
    let after = from;
    if (head === undefined || (from !== undefined && from >= head)) endCatchUp?.();
    else {
      // What the log held at the start is read in large pages, not one event at a time (docs/decisions/0067).
      const outcome = await (catchingUp = catchUp({ eventStore, after: from, head, apply: (event) => applyEvent(event, pushes.quiet(event)), stopping: () => stopping, log }));
      catchingUp = undefined;
      if ('failed' in outcome) return fail(outcome.failed);
      if (stopping) return;
      after = outcome.reached;
      if (after !== undefined && after >= head) endCatchUp?.();
    }
    subscription = eventStore.subscribe({
      ...(after !== undefined ? { after } : {}),
      onEvent: async (event) => {
        if (!(await applyEvent(event, pushes.quiet(event)))) return;
        if (head !== undefined && event.position >= head) endCatchUp?.();
      },
      onDropped: (cause) => log.warn('projection subscription dropped; subscribing again from the last event applied', { error: cause }),
      onError: fail,
    });
    await caughtUp;
  };

  // Indexes, checkpoints and parkings of the generation the runner now uses; they belong to a generation.
  const load = async () => {
    for (const projection of projections) await projection.setup?.(store);
    parking.restore(await checkpoints.load(projections.map((projection) => projection.name)));
  };

  // Stops delivery and stores checkpoints, leaving waiters waiting: a switch of generation goes on serving them.
  const halt = async () => {
    stopping = true;
    pause.cancel();
    await catchingUp;
    await subscription?.stop();
    subscription = undefined;
    state = 'stopped';
    endCatchUp?.();
    policy.clear();
    await checkpoints.stop();
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

  const owned = [CHECKPOINTS, ...projections.flatMap((projection) => projection.collections)];

  return {
    async start() {
      stopping = false;
      running = true;
      pushes.reset();
      if (!readStore.pinned) {
        await generations.start();
        readStore.setReadGuard((collection) => parking.guard(collection));
      }
      await load();
      await subscribe();
    },

    waitFor: (position, timeoutMs = 5000, reads) => waiters.waitFor(position, timeoutMs, reads ? ownersOf(reads) : undefined),

    async status() {
      const head = await eventStore.headPosition();
      return projections.map((projection) => {
        const position = checkpoints.get(projection.name);
        const caughtUp = head === undefined || (position !== undefined && position >= head);
        const failing = policy.failures.get(projection.name);
        const parked = parking.parked.get(projection.name);
        return {
          name: projection.name,
          position,
          caughtUp,
          lagMs: caughtUp ? 0 : Math.max(0, lastAppliedAt - lastRecordedAt),
          ...(failing ? { failing: { ...failing } } : {}),
          ...(parked ? { parked: { ...parked } } : {}),
        };
      });
    },

    parked: () => parking.parked,

    async between(look) {
      while (applying) await applying.catch(() => false);
      return look({ positions: new Map(checkpoints.applied), last: lastApplied });
    },

    subscriptionState: () => state,
    subscriptionError: () => (state === 'failed' ? stateError : undefined),

    // Never the collections live nodes read: a generation of its own, replayed by a runner of its own.
    rebuild: () =>
      rebuildGeneration({ readStore, following: generations, log, owned, graceMs: options.generationGraceMs ?? 0, build: (pinned) => createProjectionRunner({ ...options, readStore: pinned, onPush: undefined }) }),

    async stop() {
      running = false;
      // A switch of generation in progress stops waiting for its catch-up.
      endCatchUp?.();
      await generations.stop();
      await halt();
      if (!readStore.pinned) readStore.setReadGuard(undefined);
      waiters.end();
    },
  };
}

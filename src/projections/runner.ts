import type { EventStore, LogPosition, RecordedEvent, Subscription } from '../event-store/port';
import type { ReadStore } from '../read-store/port';
import type { PositionedPush, Projection } from './projection';

export interface ProjectionStatus {
  name: string;
  /** The last log position applied, or undefined before the first event. */
  position: LogPosition | undefined;
  caughtUp: boolean;
  /** How old the newest applied event was when applied, while behind; 0 when caught up. */
  lagMs: number;
}

/**
 * The one subscription that feeds every projection: `failed` once a projection
 * threw (the subscription stops then, and /readyz shows the lag growing).
 */
export type SubscriptionState = 'stopped' | 'catching_up' | 'live' | 'failed';

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
  /** Stops, drops every projection's collections and checkpoint, and replays from the start. */
  rebuild(): Promise<void>;
  stop(): Promise<void>;
}

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  /** Receives what projections announce, after the event is in the read models. */
  onPush?: (push: PositionedPush) => void;
  onError?: (error: unknown, event: RecordedEvent) => void;
  /** How long applied positions may sit in memory before they are stored. */
  checkpointIntervalMs?: number;
}

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
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, readStore, projections } = options;
  const checkpoints = readStore.collection<Checkpoint>(CHECKPOINTS);
  const applied = new Map<string, LogPosition | undefined>();
  let lastAppliedAt = 0;
  let lastRecordedAt = 0;
  let subscription: Subscription | undefined;
  let state: SubscriptionState = 'stopped';
  let waiters: Array<{ position: LogPosition; resolve: (ok: boolean) => void }> = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let dirty = false;

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

  const flush = async () => {
    flushTimer = undefined;
    if (!dirty) return;
    dirty = false;
    for (const [name, position] of applied) {
      if (position !== undefined) await checkpoints.updateOne({ _id: name }, { $set: { position } }, { upsert: true });
    }
  };

  const scheduleFlush = () => {
    dirty = true;
    flushTimer ??= setTimeout(() => void flush(), options.checkpointIntervalMs ?? 250);
  };

  const applyEvent = async (event: RecordedEvent, replaying: boolean) => {
    const pushes: PositionedPush[] = [];
    const context = { replaying };
    for (const projection of projections) {
      const done = applied.get(projection.name);
      if (done !== undefined && done >= event.position) continue;
      const produced = await projection.apply(event, readStore, context);
      if (!replaying) for (const push of produced ?? []) pushes.push({ ...push, position: event.position });
      applied.set(projection.name, event.position);
    }
    lastAppliedAt = Date.now();
    lastRecordedAt = Date.parse(event.recordedAt);
    scheduleFlush();
    for (const push of pushes) options.onPush?.(push);
    settleWaiters();
  };

  const subscribe = async () => {
    if (projections.length === 0) return;
    const head = await eventStore.headPosition();
    const from = lowest();
    state = 'catching_up';
    let resolveCaughtUp: () => void = () => {};
    const caughtUp = new Promise<void>((resolve) => {
      resolveCaughtUp = () => {
        if (state === 'catching_up') state = 'live';
        resolve();
      };
    });
    if (head === undefined || (from !== undefined && from >= head)) resolveCaughtUp();
    subscription = eventStore.subscribe({
      ...(from !== undefined ? { after: from } : {}),
      onEvent: async (event) => {
        try {
          await applyEvent(event, head !== undefined && event.position <= head);
        } catch (error) {
          options.onError?.(error, event);
          throw error;
        }
        if (head !== undefined && event.position >= head) resolveCaughtUp();
      },
      onError: () => {
        state = 'failed';
        resolveCaughtUp();
      },
    });
    await caughtUp;
  };

  const runner: ProjectionRunner = {
    async start() {
      for (const projection of projections) {
        await projection.setup?.(readStore);
        const stored = await checkpoints.findOne({ _id: projection.name });
        applied.set(projection.name, stored?.position);
      }
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
        return {
          name: projection.name,
          position,
          caughtUp,
          lagMs: caughtUp ? 0 : Math.max(0, lastAppliedAt - lastRecordedAt),
        };
      });
    },

    subscriptionState: () => state,

    async rebuild() {
      await runner.stop();
      for (const projection of projections) {
        for (const name of projection.collections) await readStore.collection(name).drop();
        await checkpoints.deleteOne({ _id: projection.name });
      }
      await runner.start();
    },

    async stop() {
      await subscription?.stop();
      subscription = undefined;
      state = 'stopped';
      clearTimeout(flushTimer);
      await flush();
      for (const waiter of waiters) waiter.resolve(false);
      waiters = [];
    },
  };
  return runner;
}

import type { RecordedEvent } from '../../event-store/port';
import type { Collection, Doc, ReadStore } from '../../read-store/port';
import type { Projection } from '../projection';
import type { ParkedEvent, ProjectionFailure, RunnerLog } from './types';

const defaultDelay = (attempt: number) => Math.min(5000, 50 * 2 ** (attempt - 1));

/** What the runner does after a failed attempt: try the event again after `delayMs`, or park the projection on it. */
export type Verdict = { retry: true; delayMs: number } | { retry: false; parked: ParkedEvent };

/**
 * The failure and retry policy: a projection that throws is tried again on the
 * same event with capped exponential backoff. An error of the read store (a
 * timeout, an election) is retried without end, as the store will come back
 * (docs/decisions/0028); an error of the projection's own code is the same at
 * every attempt, so after `parkAfter` attempts the projection is parked on the
 * event (docs/decisions/0062).
 */
export function createFailurePolicy(options: {
  log: RunnerLog;
  retryDelayMs?: (attempt: number) => number;
  parkAfter?: number;
  failureLogIntervalMs?: number;
  onError?: (error: unknown, event: RecordedEvent) => void;
}) {
  const { log } = options;
  const delayOf = options.retryDelayMs ?? defaultDelay;
  // Never on a first attempt: that one goes through the store untagged (runner.ts).
  const parkAfter = Math.max(2, options.parkAfter ?? 5);
  const logInterval = options.failureLogIntervalMs ?? 60_000;
  const failures = new Map<string, ProjectionFailure>();
  const lastLogged = new Map<string, number>();
  // Errors a read-store call threw, as seen through `tagStoreErrors`.
  const storeErrors = new WeakSet<object>();

  return {
    failures: failures as ReadonlyMap<string, ProjectionFailure>,

    /** The store as projections see it: every error it throws is known to be the store's. */
    tagStoreErrors(store: ReadStore): ReadStore {
      const tag = (error: unknown) => {
        if (typeof error === 'object' && error !== null) storeErrors.add(error);
        throw error;
      };
      const wrap = <T extends Doc>(target: Collection<T>): Collection<T> => ({
        name: target.name,
        findOne: (filter, findOptions) => target.findOne(filter, findOptions).catch(tag),
        find: (filter, findOptions) => target.find(filter, findOptions).catch(tag),
        countDocuments: (filter) => target.countDocuments(filter).catch(tag),
        insertOne: (doc) => target.insertOne(doc).catch(tag),
        updateOne: (filter, update, updateOptions) => target.updateOne(filter, update, updateOptions).catch(tag),
        updateMany: (filter, update, updateOptions) => target.updateMany(filter, update, updateOptions).catch(tag),
        deleteOne: (filter) => target.deleteOne(filter).catch(tag),
        deleteMany: (filter) => target.deleteMany(filter).catch(tag),
        createIndex: (keys, indexOptions) => target.createIndex(keys, indexOptions).catch(tag),
        drop: () => target.drop().catch(tag),
      });
      return { collection: <T extends Doc = Doc>(name: string) => wrap(store.collection<T>(name)), close: () => store.close() };
    },

    /** Records a failed attempt of `projection` on `event` and says what comes next. */
    failed(projection: Projection, event: RecordedEvent, error: unknown): Verdict {
      const message = error instanceof Error ? error.message : String(error);
      const previous = failures.get(projection.name);
      const failure: ProjectionFailure =
        previous?.eventId === event.id
          ? { ...previous, attempts: previous.attempts + 1, error: message }
          : { eventId: event.id, eventType: event.type, position: event.position, attempts: 1, error: message, since: new Date().toISOString() };
      failures.set(projection.name, failure);
      const fields = { projection: projection.name, eventId: event.id, type: event.type, position: event.position, attempts: failure.attempts, error };
      const ownError = !(typeof error === 'object' && error !== null && storeErrors.has(error));
      if (ownError && failure.attempts >= parkAfter) {
        failures.delete(projection.name);
        log.error('projection parked on an event: it applies nothing more until an operator retries or skips the event', { ...fields, stream: event.streamId });
        return { retry: false, parked: { ...failure, streamId: event.streamId, parkedAt: new Date().toISOString() } };
      }
      if (failure.attempts === 1) {
        options.onError?.(error, event);
        log.error('projection failed; retrying the same event', fields);
        lastLogged.set(projection.name, Date.now());
      } else if (Date.now() - (lastLogged.get(projection.name) ?? 0) >= logInterval) {
        log.warn('projection still failing on the same event', fields);
        lastLogged.set(projection.name, Date.now());
      }
      return { retry: true, delayMs: delayOf(failure.attempts) };
    },

    /** Records that `projection` applied the event it was failing on, if it was. */
    succeeded(projection: Projection) {
      const failure = failures.get(projection.name);
      if (!failure) return;
      failures.delete(projection.name);
      log.info('projection recovered', { projection: projection.name, eventId: failure.eventId, attempts: failure.attempts });
    },

    clear: () => failures.clear(),
  };
}

/** A wait that `cancel` ends at once: stop() never waits out a backoff. */
export function createPause() {
  let cancel: (() => void) | undefined;
  return {
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          cancel = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        cancel = done;
      }),
    cancel: () => cancel?.(),
  };
}

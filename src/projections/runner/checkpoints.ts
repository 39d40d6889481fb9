import type { LogPosition } from '../../event-store/port';
import type { Collection } from '../../read-store/port';
import { DuplicateKeyError } from '../../read-store/port';
import type { ParkedEvent, RunnerLog } from './types';

/** Where each projection's checkpoint is stored, one document per projection. */
export const CHECKPOINTS = 'projection_checkpoints';

export type Checkpoint = {
  _id: string;
  position: LogPosition;
  /** Present while the projection is parked on an event (docs/decisions/0062). */
  parked?: ParkedEvent;
};

/**
 * Each projection's own position: what it applied, in memory, and stored in
 * the checkpoint collection at most every `intervalMs`, forward only, so a
 * node behind another on a shared read store never moves a checkpoint back.
 */
export function createCheckpoints(options: { collection: () => Collection<Checkpoint>; intervalMs: number; log: RunnerLog; failureLogIntervalMs: number }) {
  const { log } = options;
  const applied = new Map<string, LogPosition | undefined>();
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let dirty = false;
  let stopped = false;
  let failingLoggedAt: number | undefined;

  const save = async (name: string, position: LogPosition) => {
    try {
      await options.collection().updateOne({ _id: name, position: { $lt: position } }, { $set: { position } }, { upsert: true });
    } catch (error) {
      // The stored checkpoint is already at or past ours: the upsert tried to insert its _id again.
      if (error instanceof DuplicateKeyError) return;
      throw error;
    }
  };

  const write = async () => {
    if (!dirty) return;
    dirty = false;
    const failed: string[] = [];
    let lastError: unknown;
    for (const [name, position] of applied) {
      if (position === undefined) continue;
      try {
        await save(name, position);
      } catch (error) {
        // Replays are idempotent, so a checkpoint that could not be stored only costs a longer replay: try at the next flush.
        failed.push(name);
        lastError = error;
        dirty = true;
      }
    }
    // One line when the writes start failing, then at the rate of a failing projection's: a flush runs 4 times a second.
    if (failed.length > 0 && (failingLoggedAt === undefined || Date.now() - failingLoggedAt >= options.failureLogIntervalMs)) {
      log.warn('projection checkpoints not stored; retrying at the next flush', { projections: failed, error: lastError });
      failingLoggedAt = Date.now();
    } else if (failed.length === 0 && failingLoggedAt !== undefined) {
      log.info('projection checkpoints stored again');
      failingLoggedAt = undefined;
    }
    if (dirty && !stopped) schedule();
  };

  const schedule = () => {
    dirty = true;
    flushTimer ??= setTimeout(() => void flush(), options.intervalMs);
  };

  // One flush at a time, so a slow write is never overtaken by an older position.
  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    flushing = flushing.then(write);
    return flushing;
  };

  return {
    applied: applied as ReadonlyMap<string, LogPosition | undefined>,
    get: (name: string) => applied.get(name),
    /** Records that `name` applied `position`; stored at the next flush. */
    set(name: string, position: LogPosition) {
      applied.set(name, position);
      schedule();
    },
    /** Reads the stored checkpoints of `names` (the current generation's), with any parking they record. */
    async load(names: readonly string[]): Promise<Map<string, ParkedEvent>> {
      applied.clear();
      const parked = new Map<string, ParkedEvent>();
      for (const name of names) {
        const stored = await options.collection().findOne({ _id: name });
        applied.set(name, stored?.position);
        if (stored?.parked) parked.set(name, stored.parked);
      }
      return parked;
    },
    /** Stores (or clears, with undefined) the parking of `name` at once: a restart keeps it. */
    async storeParking(name: string, parked: ParkedEvent | undefined) {
      const update = parked ? { $set: { parked } } : { $unset: { parked: 1 as const } };
      try {
        await options.collection().updateOne({ _id: name }, update, { upsert: true });
      } catch (error) {
        log.warn('projection parking not stored; the projection parks again at the next start', { projection: name, error });
      }
    },
    /** The lowest position applied, over `names`; undefined while one of them has applied nothing. */
    lowest(names: Iterable<string> = applied.keys()): LogPosition | undefined {
      let min: LogPosition | undefined = Number.POSITIVE_INFINITY;
      for (const name of names) {
        const position = applied.get(name);
        if (position === undefined) return undefined;
        min = Math.min(min, position);
      }
      return min;
    },
    flush,
    /** Stops scheduling flushes and stores what is pending. */
    async stop() {
      stopped = true;
      await flush();
      stopped = false;
    },
  };
}

export type Checkpoints = ReturnType<typeof createCheckpoints>;

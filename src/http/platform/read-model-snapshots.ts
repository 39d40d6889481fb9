import type { EventStore } from '../../event-store/port';
import type { Projection } from '../../projections/projection';
import type { ReadModels } from '../../projections/read-models';
import type { ProjectionRunner } from '../../projections/runner';
import { CHECKPOINTS } from '../../projections/runner';
import { fillMemoryCollection, memoryDocuments, memorySnapshotOf } from '../../read-store/memory';
import type { ReadModelSnapshot, SnapshotPart } from '../../read-store/memory-snapshot';
import { openSnapshotFile, removeAbandonedWrites, snapshotPosition, writeSnapshotFile } from '../../read-store/memory-snapshot';
import type { Logger } from './logger';

/**
 * With events applied since the last snapshot, how often one is written in
 * the background at most; and never sooner after a write than this many times
 * what that write took, so that writing the snapshot of large read models
 * takes at most a fiftieth of the node's time.
 */
const DEFAULT_INTERVAL_MS = 60_000;
const QUIET_FACTOR = 50;

export interface ReadModelSnapshotsOptions {
  /** The snapshot file, under DATA_DIR. */
  path: string;
  eventStore: EventStore;
  readStore: ReadModels;
  projections: readonly Projection[];
  logger: Logger;
  intervalMs?: number;
}

/** What a start took from the snapshot. */
export interface RestoreReport {
  /** The projections loaded from it; the others replay the whole log. */
  restored: string[];
  /** Why nothing was loaded, when nothing was. */
  refused?: string;
  /** The log position the snapshot reached. */
  position?: number;
  documents: number;
  ms: number;
}

export interface ReadModelSnapshots {
  /** Loads the snapshot into the empty read models; before the runner starts. */
  restore(): Promise<RestoreReport>;
  /** Writes a snapshot every `intervalMs` while events arrive. */
  start(runner: ProjectionRunner): void;
  /**
   * Writes one now, when events were applied since the last and the file there
   * is not as far along (`force`: whatever is there); resolves with its position, if it wrote.
   */
  write(runner: ProjectionRunner, options?: { force?: boolean }): Promise<number | undefined>;
  /** Stops the timer and writes a last snapshot; after the runner stopped, before the stores close. */
  stop(runner: ProjectionRunner): Promise<void>;
}

const versionOf = (projection: Projection) => projection.version ?? 1;

/**
 * Read models kept in memory between starts (docs/decisions/0052): a start
 * loads each projection's collections and the log position they reached, and
 * the runner replays only the events after it. A projection whose version
 * changed is rebuilt from the log, and so is every projection registered
 * after it, since later projections read or scrub earlier ones' collections
 * (refunds owed read bids; the erasure scrubs them all). A snapshot of another
 * log (its last event is not in this one), torn, or missing is not used.
 *
 * Every process on one DATA_DIR may write: each writes a whole file under a
 * name of its own and renames it into place, and skips writing when the file
 * there is already as far along the log as it is. A read-store that is not in
 * memory (MongoDB) keeps its own; nothing is written for it.
 */
export function createReadModelSnapshots(options: ReadModelSnapshotsOptions): ReadModelSnapshots {
  const { path, eventStore, readStore, projections, logger } = options;
  const inMemory = memoryDocuments(readStore.physical(CHECKPOINTS)) !== undefined;
  // The snapshot this process started from or last wrote: nothing is written until the log moves past it.
  let mark: ReadModelSnapshot['mark'] | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastWriteMs = 0;
  let stopped = false;
  let writing: Promise<number | undefined> | undefined;

  const restore = async (): Promise<RestoreReport> => {
    const started = performance.now();
    const report = (fields: Omit<RestoreReport, 'ms' | 'documents'> & { documents?: number }): RestoreReport => ({ documents: 0, ...fields, ms: Math.round(performance.now() - started) });
    if (!inMemory) return report({ restored: [], refused: 'read models not in memory' });
    const abandoned = await removeAbandonedWrites(path);
    if (abandoned.length > 0) logger.info('removed read-model snapshots left half-written by stopped processes', { files: abandoned });
    const read = await openSnapshotFile(path);
    if ('refused' in read) {
      if (read.refused !== 'missing') logger.warn('read-model snapshot not used; replaying the whole log', { path, reason: read.refused });
      return report({ restored: [], refused: read.refused });
    }
    const { snapshot } = read;
    const [event] = await eventStore.readAll({ after: snapshot.mark.position - 1, limit: 1 });
    if (event?.id !== snapshot.mark.eventId || event.position !== snapshot.mark.position) {
      logger.warn('read-model snapshot is of another log; replaying the whole log', { path, position: snapshot.mark.position });
      return report({ restored: [], refused: 'another log' });
    }
    const parts = new Map(snapshot.parts.map((part) => [part.name, part]));
    const restored: string[] = [];
    let documents = 0;
    for (const projection of projections) {
      const part = parts.get(projection.name);
      const sameCollections = part !== undefined && part.collections.length === projection.collections.length && part.collections.every(([name], i) => name === projection.collections[i]);
      // From the first projection that cannot be loaded, it and every later one replay the log.
      if (!part || part.version !== versionOf(projection) || !sameCollections) break;
      // Each collection is decoded when first used: a start does not build documents nobody asked for yet.
      for (const [name, lazy] of part.collections) {
        fillMemoryCollection(readStore.physical(name), { count: lazy.count, encoded: lazy.encoded, load: () => lazy.docs(), slices: (rows) => lazy.slices(rows) });
        documents += lazy.count;
      }
      await readStore.collection(CHECKPOINTS).insertOne({ _id: projection.name, position: part.position });
      restored.push(projection.name);
    }
    mark = snapshot.mark;
    const rebuilt = projections.length - restored.length;
    if (rebuilt > 0) logger.info('read-model snapshot loaded in part; the rest replays the whole log', { restored: restored.length, rebuilt, position: mark.position });
    return report({ restored, position: mark.position, documents });
  };

  const capture = (runner: ProjectionRunner, force: boolean) =>
    runner.between(({ positions, last }): ReadModelSnapshot | undefined => {
      const at = last ?? mark;
      if (!at || (!force && mark && at.position <= mark.position)) return undefined;
      const parts: SnapshotPart[] = [];
      for (const projection of projections) {
        const position = positions.get(projection.name);
        if (position === undefined) continue;
        const collections = projection.collections.map((name): SnapshotPart['collections'][number] => [name, memorySnapshotOf(readStore.physical(name)) ?? []]);
        parts.push({ name: projection.name, version: versionOf(projection), position, collections });
      }
      return { mark: at, parts, writtenAt: new Date().toISOString() };
    });

  const writeNow = async (runner: ProjectionRunner, force: boolean): Promise<number | undefined> => {
    if (!inMemory) return undefined;
    const snapshot = await capture(runner, force);
    if (!snapshot) return undefined;
    // Another process on this DATA_DIR already wrote one as far along: nothing to add.
    if (!force && ((await snapshotPosition(path)) ?? -1) >= snapshot.mark.position) {
      mark = snapshot.mark;
      return undefined;
    }
    const started = performance.now();
    const { bytes } = await writeSnapshotFile(path, snapshot);
    mark = snapshot.mark;
    lastWriteMs = performance.now() - started;
    logger.info('read-model snapshot written', { position: mark.position, bytes, ms: Math.round(lastWriteMs) });
    return mark.position;
  };

  const write = (runner: ProjectionRunner, options: { force?: boolean } = {}): Promise<number | undefined> => {
    // One at a time; a call during a write waits for it, then writes what came since.
    const next = (writing ?? Promise.resolve(undefined)).catch(() => undefined).then(() => writeNow(runner, options.force ?? false));
    writing = next;
    return next;
  };

  return {
    restore,
    write,
    start(runner) {
      if (!inMemory || timer || stopped) return;
      const next = () => {
        timer = setTimeout(() => {
          write(runner)
            .catch((error: unknown) => logger.error('read-model snapshot not written; trying again later', { path, error }))
            .finally(() => {
              if (!stopped) next();
            });
        }, Math.max(options.intervalMs ?? DEFAULT_INTERVAL_MS, QUIET_FACTOR * lastWriteMs));
        // Never the reason a process stays up.
        timer.unref();
      };
      next();
    },
    async stop(runner) {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      try {
        await write(runner);
      } catch (error) {
        logger.error('read-model snapshot not written at shutdown; the next start replays more of the log', { path, error });
      }
    },
  };
}

import type { LogPosition } from '../../event-store/port';

type Waiter = { position: LogPosition; names: readonly string[] | undefined; resolve: (ok: boolean) => void };

/**
 * Read-your-writes: requests waiting until the read models include a log
 * position, all of them or only the projections `names` (what an answer
 * reads). `current(names)` says how far those reach now (undefined before
 * each of them applied an event; every projection not parked when `names` is
 * undefined); `settle` is called after each change.
 */
export function createWaiters(current: (names?: readonly string[]) => LogPosition | undefined) {
  let waiters: Waiter[] = [];
  // How many waiters name each projection: a settle after a projection nobody names has nothing to answer.
  const namedBy = new Map<string, number>();
  const count = (names: readonly string[], by: 1 | -1) => {
    for (const name of names) {
      const left = (namedBy.get(name) ?? 0) + by;
      if (left > 0) namedBy.set(name, left);
      else namedBy.delete(name);
    }
  };
  // The lowest position any waiter waits for: a settle after an event below it has nothing to look at.
  let lowestWaited = Number.POSITIVE_INFINITY;

  const reached = (position: LogPosition, names?: readonly string[]) => {
    const now = current(names);
    return now !== undefined && now >= position;
  };

  const remove = (waiter: Waiter) => {
    waiters = waiters.filter((w) => w !== waiter);
    if (waiter.names) count(waiter.names, -1);
  };

  return {
    reached,
    /** True once `position` is reached (by `names`, else by all), false after `timeoutMs` or when the waiters are ended. */
    waitFor(position: LogPosition | undefined, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
      if (position === undefined || reached(position, names)) return Promise.resolve(true);
      if (timeoutMs <= 0) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position,
          names,
          resolve: (ok: boolean) => {
            clearTimeout(timer);
            resolve(ok);
          },
        };
        const timer = setTimeout(() => {
          remove(waiter);
          resolve(false);
        }, timeoutMs);
        waiters.push(waiter);
        if (names) count(names, 1);
        lowestWaited = Math.min(lowestWaited, position);
      });
    },
    /** Whether a waiter waits for some projections only: worth settling after each projection, not only after each event. */
    anyNamed: () => namedBy.size > 0,
    /** Whether a waiter names the projection `name`: only then can its apply of an event answer one before the event's end. */
    wants: (name: string) => namedBy.has(name),
    /**
     * Resolves the waiters whose position is now reached. With `applied`, the
     * position just applied (no read model can be past it), only the waiters
     * at or below it are looked at: under load, the requests waiting for later
     * events are many, and a settle runs after every projection's apply.
     */
    settle(applied?: LogPosition) {
      if (waiters.length === 0 || (applied !== undefined && applied < lowestWaited)) return;
      // One look at all of them for every waiter that waits for all, only if one does.
      let all: LogPosition | undefined | null = null;
      // And one per list of names: the waiters of one route share its list (a constant), and `current` walks it.
      let lastNames: readonly string[] | undefined;
      let lastNow: LogPosition | undefined;
      const done: Waiter[] = [];
      let lowest = Number.POSITIVE_INFINITY;
      for (const waiter of waiters) {
        let now: LogPosition | undefined;
        if (applied !== undefined && waiter.position > applied) now = undefined;
        else if (waiter.names) {
          if (waiter.names !== lastNames) {
            lastNames = waiter.names;
            lastNow = current(waiter.names);
          }
          now = lastNow;
        } else now = all === null ? (all = current()) : all;
        if (now !== undefined && now >= waiter.position) done.push(waiter);
        else lowest = Math.min(lowest, waiter.position);
      }
      lowestWaited = lowest;
      if (done.length === 0) return;
      const finished = new Set(done);
      waiters = waiters.filter((waiter) => !finished.has(waiter));
      for (const waiter of done) {
        if (waiter.names) count(waiter.names, -1);
        waiter.resolve(true);
      }
    },
    /** Answers every waiter false: the runner stopped. */
    end() {
      for (const waiter of waiters) waiter.resolve(false);
      waiters = [];
      namedBy.clear();
      lowestWaited = Number.POSITIVE_INFINITY;
    },
  };
}

/** The projections that own the collections an answer reads, per list of collections (routes pass constants: each list is worked out once). */
export function createOwnersOf(projections: ReadonlyArray<{ name: string; collections: readonly string[] }>): (collections: readonly string[]) => readonly string[] {
  const owners = new Map(projections.flatMap((projection) => projection.collections.map((collection) => [collection, projection.name] as const)));
  const readers = new WeakMap<readonly string[], readonly string[]>();
  return (collections) => {
    let names = readers.get(collections);
    if (!names) {
      names = [...new Set(collections.flatMap((collection) => owners.get(collection) ?? []))];
      readers.set(collections, names);
    }
    return names;
  };
}

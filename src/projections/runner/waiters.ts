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
  let named = 0;

  const reached = (position: LogPosition, names?: readonly string[]) => {
    const now = current(names);
    return now !== undefined && now >= position;
  };

  const remove = (waiter: Waiter) => {
    waiters = waiters.filter((w) => w !== waiter);
    if (waiter.names) named--;
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
        if (names) named++;
      });
    },
    /** Whether a waiter waits for some projections only: worth settling after each projection, not only after each event. */
    anyNamed: () => named > 0,
    /** Resolves the waiters whose position is now reached. */
    settle() {
      if (waiters.length === 0) return;
      // One look at all of them for every waiter that waits for all.
      const all = current();
      const done = waiters.filter((waiter) => {
        const now = waiter.names ? current(waiter.names) : all;
        return now !== undefined && now >= waiter.position;
      });
      for (const waiter of done) {
        remove(waiter);
        waiter.resolve(true);
      }
    },
    /** Answers every waiter false: the runner stopped. */
    end() {
      for (const waiter of waiters) waiter.resolve(false);
      waiters = [];
      named = 0;
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

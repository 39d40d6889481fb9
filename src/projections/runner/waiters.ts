import type { LogPosition } from '../../event-store/port';

/**
 * Read-your-writes: requests waiting until the read models include a log
 * position. `current` says how far they reach now (undefined before every
 * projection waited for has applied an event); `settle` is called after each
 * change of it.
 */
export function createWaiters(current: () => LogPosition | undefined) {
  let waiters: Array<{ position: LogPosition; resolve: (ok: boolean) => void }> = [];

  const reached = (position: LogPosition) => {
    const now = current();
    return now !== undefined && now >= position;
  };

  return {
    reached,
    /** True once `position` is reached, false after `timeoutMs` or when the waiters are ended. */
    waitFor(position: LogPosition | undefined, timeoutMs: number): Promise<boolean> {
      if (position === undefined || reached(position)) return Promise.resolve(true);
      if (timeoutMs <= 0) return Promise.resolve(false);
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
    /** Resolves the waiters whose position is now reached. */
    settle() {
      if (waiters.length === 0) return;
      const now = current();
      if (now === undefined) return;
      waiters = waiters.filter((waiter) => {
        if (now < waiter.position) return true;
        waiter.resolve(true);
        return false;
      });
    },
    /** Answers every waiter false: the runner stopped. */
    end() {
      for (const waiter of waiters) waiter.resolve(false);
      waiters = [];
    },
  };
}

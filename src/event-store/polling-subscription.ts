import type { LogPosition, RecordedEvent, SubscribeOptions, Subscription } from './port';

export interface PollingSubscriptions {
  subscribe(options: SubscribeOptions): Subscription;
  // Wakes every idle subscriber; call right after an append committed.
  notify(): void;
  stopAll(): Promise<void>;
}

export interface PollingOptions {
  // Reads up to `limit` events strictly after `after` (undefined: from the start), in log order.
  readAfter: (after: LogPosition | undefined, limit: number) => readonly RecordedEvent[];
  // Upper bound on how late a write made by another process is seen.
  pollMs?: number;
  batchSize?: number;
}

interface Follower {
  wake(): void;
  stop(): Promise<void>;
}

// Subscriptions always read the log by position (> last delivered), so catch-up
// and live are the same loop: nothing can fall between the two, nothing twice.
export function createPollingSubscriptions(options: PollingOptions): PollingSubscriptions {
  const { readAfter, pollMs = 250, batchSize = 500 } = options;
  const followers = new Set<Follower>();

  function subscribe({ after, onEvent, onError, onDropped }: SubscribeOptions): Subscription {
    let last = after;
    let stopped = false;
    let wake: (() => void) | undefined;

    const sleep = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        wake = done;
      });

    const run = async () => {
      while (!stopped) {
        let batch: readonly RecordedEvent[];
        try {
          batch = readAfter(last, batchSize);
        } catch (cause) {
          // A read of the log that failed (the file busy past its timeout) is tried again at the next poll.
          onDropped?.(cause);
          await sleep();
          continue;
        }
        // Only an empty read may sleep: events appended while we were
        // delivering did not find us waiting, so their wake-up was lost.
        if (batch.length === 0) {
          await sleep();
          continue;
        }
        for (const event of batch) {
          if (stopped) return;
          await onEvent(event);
          last = event.position;
        }
        // A synchronous onEvent only ever awaits microtasks: give I/O and timers
        // a turn between batches, or catching up a long log would starve them.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };

    const follower: Follower = {
      wake: () => wake?.(),
      stop: async () => {
        stopped = true;
        wake?.();
        await finished;
      },
    };

    const finished = run()
      .catch((error: unknown) => {
        stopped = true;
        try {
          onError?.(error);
        } catch {
          // A failing error handler must not turn into an unhandled rejection.
        }
      })
      .finally(() => followers.delete(follower));

    followers.add(follower);
    return { stop: follower.stop };
  }

  return {
    subscribe,
    notify: () => {
      for (const follower of followers) follower.wake();
    },
    stopAll: async () => {
      await Promise.all([...followers].map((follower) => follower.stop()));
    },
  };
}

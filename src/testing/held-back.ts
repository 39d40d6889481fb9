import type { EventStore, LogPosition } from '../event-store/port';

/** A node's handle on the log that delivers events only up to a position the test moves: a node whose read models lag. */
export function heldBack(store: EventStore) {
  let through: LogPosition = Number.POSITIVE_INFINITY;
  const wake: Array<() => void> = [];
  const wrapped: EventStore = {
    ...store,
    subscribe: (options) =>
      store.subscribe({
        ...options,
        onEvent: async (event) => {
          while (event.position > through) await new Promise<void>((resolve) => wake.push(resolve));
          await options.onEvent(event);
        },
      }),
  };
  return {
    wrapped,
    /** Deliver nothing after `position` (undefined: nothing at all) until moved on. */
    holdAfter(position: LogPosition | undefined) {
      through = position ?? 0;
    },
    release(position: LogPosition = Number.POSITIVE_INFINITY) {
      through = position;
      for (const resolve of wake.splice(0)) resolve();
    },
  };
}

import type { EventStore, LogPosition, RecordedEvent } from '../../event-store/port';
import type { RunnerLog } from './types';

/** How many events the catch-up reads at once: one read of the log, and one key look-up per person, for each. */
export const CATCH_UP_PAGE = 2000;

/** How far the catch-up applied the log, and what failed when an event could not be applied. */
export type CatchUpOutcome = { reached: LogPosition | undefined } | { reached: LogPosition | undefined; failed: unknown };

/**
 * The replay of what the log held when the runner started (a first start, a
 * rebuild, a projection whose version changed), read in large pages with
 * `readAll` rather than one event at a time through the subscription
 * (docs/decisions/0067). Through the personal-data decorator, a page's sealed
 * values are opened together: each person's key looked up once a page.
 * `apply` is the runner's own application of one event (retries, parking,
 * checkpoints, waiters); false from it means the runner stopped (and `stopping` says so), and an
 * error from it ends the catch-up as it ends a subscription. A read that
 * fails ends the catch-up early: the subscription goes on from where it
 * reached, and retries its reads as it always does.
 */
export async function catchUp(options: {
  eventStore: EventStore;
  after: LogPosition | undefined;
  head: LogPosition;
  apply: (event: RecordedEvent) => Promise<boolean>;
  stopping: () => boolean;
  log: RunnerLog;
  pageSize?: number;
}): Promise<CatchUpOutcome> {
  const { eventStore, head, apply, stopping } = options;
  const limit = options.pageSize ?? CATCH_UP_PAGE;
  let reached = options.after;
  while (!stopping() && (reached === undefined || reached < head)) {
    let page: RecordedEvent[];
    try {
      page = await eventStore.readAll({ ...(reached !== undefined ? { after: reached } : {}), limit });
    } catch (error) {
      options.log.warn('projection catch-up read failed; the subscription goes on from the last event applied', { error });
      return { reached };
    }
    if (page.length === 0) break;
    for (const event of page) {
      // Past the head the subscription delivers, as for any event appended after the start; a stop ends it between two events.
      if (event.position > head || stopping()) return { reached };
      try {
        if (!(await apply(event))) return { reached };
      } catch (error) {
        // As the subscription's own end: the runner reports it failed.
        return { reached, failed: error };
      }
      reached = event.position;
    }
    // A page applied without a real wait only ever awaited microtasks: let I/O and timers have a turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { reached };
}

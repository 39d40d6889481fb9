import type { OwedDoc } from '../projections/owed';
import type { Collection } from '../read-store/port';

/*
 * How a process manager's sweep reads what it owes (src/processes/owed-work.ts,
 * bid-mails.ts): a page at a time along the owed collections' index
 * `{ doneAt: 1, since: 1 }`, up to the last `since` that can be due, with the
 * event loop free between pages (docs/decisions/0052, sixth round).
 */

/** What is due by `dueBy`: every item without a `dueAt`, and those whose `dueAt` has come. */
export const dueFilter = (dueBy: string) => ({ doneAt: null, $or: [{ dueAt: { $exists: false } }, { dueAt: null }, { dueAt: { $lte: dueBy } }] });

/** How many owed items a sweep reads at once; it yields to the event loop between pages. */
export const SWEEP_PAGE = 1000;
/** How far another clock (the log's, on KurrentDB) may run ahead of this node's without an item waiting a sweep. */
const CLOCK_AHEAD_MS = 5 * 60_000;
/**
 * The order of a sweep: the owed collections' index `{ doneAt: 1, since: 1 }`,
 * ties by `_id`, so that a page can start exactly after the last one read
 * however many items share a `since` (a thousand listings closing at noon).
 */
export const SWEEP_ORDER = { doneAt: 1, since: 1, _id: 1 } as const;

/**
 * The `since` past which nothing is due by `dueBy`: an item the clock brings
 * has its `dueAt` as its `since` (OwedDoc), and any other the recordedAt of
 * an event already in the log. So a walk of the index stops there, not at
 * the end of everything owed later (a listing's close years away).
 */
export const dueHorizon = (dueByMs: number, wallMs = Date.now()) => new Date(Math.max(dueByMs, wallMs + CLOCK_AHEAD_MS)).toISOString();

/** Lets timers, I/O and requests run between two pages of a sweep. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads what is owed and due by `dueByMs`, oldest first, a page at a time
 * along the `{ doneAt, since }` index, handing each item to `each`; the event
 * loop runs between pages. `each` may complete items meanwhile: each page
 * starts after the last item read. Resolves with the ids handed.
 */
export async function forEachDue<T extends OwedDoc>(owed: Collection<T>, dueByMs: number, each: (item: T) => Promise<void> | void, stopped: () => boolean = () => false): Promise<Set<string>> {
  const dueBy = new Date(dueByMs).toISOString();
  const horizon = dueHorizon(dueByMs);
  const { $or: due, ...undone } = dueFilter(dueBy);
  const seen = new Set<string>();
  for (let last: T | undefined; ; ) {
    const page = await owed.find(
      last === undefined
        ? { ...undone, since: { $lte: horizon }, $or: due }
        : { ...undone, since: { $gte: last.since, $lte: horizon }, $and: [{ $or: due }, { $or: [{ since: { $gt: last.since } }, { _id: { $gt: last._id } }] }] },
      { sort: SWEEP_ORDER, limit: SWEEP_PAGE },
    );
    for (const item of page) {
      if (stopped()) return seen;
      seen.add(item._id);
      await each(item);
    }
    last = page[page.length - 1];
    if (page.length < SWEEP_PAGE || last === undefined) return seen;
    await yieldToLoop();
  }
}

import type { OwedDoc } from '../projections/owed';
import type { EventStore } from '../event-store/port';
import type { Collection, ReadStore } from '../read-store/port';
import type { Logger } from '../http/platform/logger';
import type { Leases } from './leases';
import { dueFilter, forEachDue, SWEEP_ORDER } from './owed-sweep';

/** How a failed item is retried: `firstMs`, doubling up to `maxMs`. */
export interface RetryPolicy {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstMs: 1000, maxMs: 60_000 };
/** Items owed longer than this count as overdue in /metrics. */
export const OVERDUE_AFTER_MS = 60_000;
/** With nothing failing, how often the owed items are read again (they also arrive live through `kick`). */
const QUIET_SWEEP_MS = 60_000;
/** How long a node holds an item it took (docs/decisions/0063): longer than any completion takes. */
export const DEFAULT_LEASE_MS = 60_000;

/** Who takes an item before working it: the deployment's leases, and this node's name in them. */
export interface LeaseOptions {
  leases: Leases;
  /** This node; the holder of the leases it takes. */
  node: string;
  /** How long a lease lasts; DEFAULT_LEASE_MS when omitted. */
  ms?: number;
}

/** What a process manager built on this worker takes from the composition (src/http/compose.ts). */
export interface OwedProcessDeps {
  eventStore: EventStore;
  /** Where its owed items are read. */
  readStore: ReadStore;
  logger: Logger;
  /** One node of N works an item (docs/decisions/0063). */
  lease?: LeaseOptions;
  retry?: RetryPolicy;
  now?: () => number;
}

/** The same, for one whose items fall due with the app's clock (docs/decisions/0059): `now` when `dueNow` is not given. */
export interface ClockedProcessDeps extends OwedProcessDeps {
  dueNow?: () => number;
}

export interface OwedWorkOptions<T extends OwedDoc> {
  /** The process manager's name, in logs and metrics. */
  name: string;
  owed: () => Collection<T>;
  /** Completes one item, idempotently (deterministic event ids); throws when it could not. */
  complete(item: T): Promise<void>;
  /** What the logs say about an item. */
  describe(item: T): Record<string, unknown>;
  logger: Logger;
  retry?: RetryPolicy;
  now?: () => number;
  /** When given, a node works an item only while it holds the item's lease, so N nodes work it once. */
  lease?: LeaseOptions;
  /** The clock an item's `dueAt` is read by (the app's: a listing's close is its time); `now` when not given. */
  dueNow?: () => number;
}

/** What a process passes on to its worker from its composition: the logger, and the lease, retry policy and clocks it was given. */
export function owedWorkOptions(deps: ClockedProcessDeps): Pick<OwedWorkOptions<OwedDoc>, 'logger' | 'lease' | 'retry' | 'now' | 'dueNow'> {
  const { logger, lease, retry, now, dueNow } = deps;
  return { logger, ...(lease ? { lease } : {}), ...(retry ? { retry } : {}), ...(now ? { now } : {}), ...(dueNow ? { dueNow } : {}) };
}

export interface OwedWork<T extends OwedDoc> {
  /** Reads what is owed now and keeps going until stopped. */
  start(): void;
  /** Completes this item at once (the live path), unless it is in hand already or not due yet. */
  kick(item: T): void;
  /** Reads what is owed and due now and completes it; resolves when this pass is done (tests, a clock moved). */
  catchUp(): Promise<void>;
  /** How many items are owed, and how many of them for longer than a minute. */
  counts(): Promise<{ pending: number; overdue: number }>;
  /** Resolves once nothing is in hand. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

type Attempts = { count: number; nextAt: number; done: boolean };

/**
 * Takes what a process manager owes from its read model (src/projections/owed.ts)
 * and completes it, retrying failures with capped backoff until the log shows
 * the item paid. Each node runs its own; with `lease`, a node works an item
 * only once it took the item's lease (docs/decisions/0063), so of N nodes one
 * does the work, and an item whose node died mid-way is taken by another once
 * the lease ran out. A failed attempt lets the lease go, so any node retries. Without it, several may complete one item at once, which
 * the deterministic event ids and the deciders make harmless. After a success
 * the item is left alone until the read model marks it done, and the lease is
 * kept until it runs out, so a node whose read model lags does not take it.
 */
export function createOwedWork<T extends OwedDoc>(options: OwedWorkOptions<T>): OwedWork<T> {
  const { name, logger } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const now = options.now ?? Date.now;
  const dueNow = options.dueNow ?? now;
  const attempts = new Map<string, Attempts>();
  const inHand = new Map<string, Promise<void>>();
  let sweeping: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let sweepFailures = 0;
  let warnedAt = Number.NEGATIVE_INFINITY;
  let started = false;
  let stopped = false;

  const backoff = (count: number) => Math.min(retry.maxMs, retry.firstMs * 2 ** (count - 1));

  const schedule = (delayMs: number) => {
    if (stopped || !started) return;
    const at = now() + delayMs;
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Number.POSITIVE_INFINITY;
      void sweep();
    }, delayMs);
    // Never the reason a process stays up.
    timer.unref();
  };

  const attempt = (item: T): Promise<void> => {
    const running = inHand.get(item._id);
    if (running) return running;
    const work = (async () => {
      const before = attempts.get(item._id);
      try {
        if (!(await takeLease(item))) {
          // Another node has it in hand: looked at again when it may have let it go (a failure) or its lease run out.
          const lookAgainMs = Math.min(options.lease?.ms ?? DEFAULT_LEASE_MS, retry.maxMs);
          attempts.set(item._id, { count: before?.count ?? 0, nextAt: now() + lookAgainMs, done: false });
          schedule(lookAgainMs);
          return;
        }
        await options.complete(item);
        attempts.set(item._id, { count: before?.count ?? 0, nextAt: 0, done: true });
        if (before && before.count > 0) logger.info(`${name}: completed after ${before.count} failed attempts`, { ...options.describe(item), pendingForMs: pendingFor(item) });
      } catch (error) {
        // Not in hand any more: any node may retry it (this one after its backoff).
        await releaseLease(item);
        const count = (before?.count ?? 0) + 1;
        const retryInMs = backoff(count);
        attempts.set(item._id, { count, nextAt: now() + retryInMs, done: false });
        logger.error(`${name}: failed, will retry`, { ...options.describe(item), attempts: count, pendingForMs: pendingFor(item), retryInMs, error });
        schedule(retryInMs);
      } finally {
        inHand.delete(item._id);
      }
    })();
    inHand.set(item._id, work);
    return work;
  };

  const takeLease = async (item: T): Promise<boolean> => {
    const lease = options.lease;
    if (!lease) return true;
    return lease.leases.take(`${name}:${item._id}`, lease.node, lease.ms ?? DEFAULT_LEASE_MS, now());
  };

  const releaseLease = async (item: T): Promise<void> => {
    const lease = options.lease;
    // Best effort: a lease not released runs out.
    await lease?.leases.release(`${name}:${item._id}`, lease.node).catch(() => undefined);
  };

  const pendingFor = (item: T) => Math.max(0, now() - Date.parse(item.since));

  const sweep = async (): Promise<void> => {
    if (stopped) return;
    if (sweeping) return sweeping;
    sweeping = (async () => {
      try {
        const dueByMs = dueNow();
        const dueBy = new Date(dueByMs).toISOString();
        let overdue = 0;
        let oldest: T | undefined;
        // One at a time: after an outage, hundreds of items must not all hit the store at once.
        const ids = await forEachDue(
          options.owed(),
          dueByMs,
          async (item) => {
            const tried = attempts.get(item._id);
            if (!tried || (!tried.done && tried.nextAt <= now())) await attempt(item);
            if (pendingFor(item) >= OVERDUE_AFTER_MS && !attempts.get(item._id)?.done) {
              overdue++;
              oldest ??= item;
            }
          },
          () => stopped,
        );
        if (stopped) return;
        // Work the clock brings later (a listing's close): the timer wakes for the first of it. Its `since` is its `dueAt`.
        const [upcoming] = await options.owed().find({ doneAt: null, since: { $gt: dueBy }, dueAt: { $gt: dueBy } }, { sort: SWEEP_ORDER, limit: 1 });
        sweepFailures = 0;
        // Paid in the log (here or by another node): nothing to remember.
        for (const id of attempts.keys()) if (!ids.has(id)) attempts.delete(id);
        // At most once a minute, however many retries fall due meanwhile.
        if (oldest && now() - warnedAt >= OVERDUE_AFTER_MS) {
          warnedAt = now();
          logger.warn(`${name}: items still owed after a minute`, { count: overdue, oldestForMs: pendingFor(oldest), oldest: options.describe(oldest) });
        }
        let next = upcoming?.dueAt ? Math.min(QUIET_SWEEP_MS, Math.max(0, Date.parse(upcoming.dueAt) - dueNow())) : QUIET_SWEEP_MS;
        for (const tried of attempts.values()) if (!tried.done) next = Math.min(next, Math.max(0, tried.nextAt - now()));
        schedule(next);
      } catch (error) {
        sweepFailures += 1;
        const retryInMs = backoff(sweepFailures);
        logger.error(`${name}: could not read what is owed, will retry`, { attempts: sweepFailures, retryInMs, error });
        schedule(retryInMs);
      }
    })().finally(() => (sweeping = undefined));
    return sweeping;
  };

  const idle = async () => {
    while (sweeping || inHand.size > 0) await Promise.allSettled([sweeping, ...inHand.values()]);
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      void sweep();
    },
    kick(item) {
      if (stopped || attempts.get(item._id)?.done) return;
      const dueInMs = item.dueAt ? Date.parse(item.dueAt) - dueNow() : 0;
      if (dueInMs > 0) return schedule(Math.min(dueInMs, QUIET_SWEEP_MS));
      void attempt(item);
    },
    async catchUp() {
      await sweep();
      await idle();
    },
    async counts() {
      const owed = options.owed();
      const overdueSince = new Date(now() - OVERDUE_AFTER_MS).toISOString();
      const due = dueFilter(new Date(dueNow()).toISOString());
      const [pending, overdue] = await Promise.all([owed.countDocuments(due), owed.countDocuments({ ...due, since: { $lte: overdueSince } })]);
      return { pending, overdue };
    },
    idle,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await idle();
    },
  };
}

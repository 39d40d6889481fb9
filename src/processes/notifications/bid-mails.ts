import { erasedEmail } from '../../personal-data/personal-fields';
import { bidMails, bidMailsStreamId } from '../../domain/notifications/bid-mails';
import { handleCommand } from '../../domain/shared/command-handler';
import type { EventStore } from '../../event-store/port';
import type { Logger } from '../../http/platform/logger';
import { bidReceivedMail } from '../../mail/bidding/bids';
import type { Mailer } from '../../mail/port';
import type { BidMailOwedDoc } from '../../projections/notifications/bid-mails-owed';
import { BID_MAILS_OWED } from '../../projections/notifications/bid-mails-owed';
import type { Projection } from '../../projections/projection';
import type { UserDoc } from '../../projections/accounts/users';
import { USERS } from '../../projections/accounts/users';
import type { ReadStore } from '../../read-store/port';
import { DEFAULT_LEASE_MS, OVERDUE_AFTER_MS, type LeaseOptions, type RetryPolicy, DEFAULT_RETRY } from '../owed-work';
import { forEachDue, SWEEP_PAGE } from '../owed-sweep';

export const BID_MAILS = 'bid-mails';

/** Bids of one recorded batch at most. */
const BATCH = 200;
/**
 * Mails sent at the same time: a provider's API answers in tens of
 * milliseconds, and one mail at a time would hold a node to a few dozen a
 * second, behind a burst of bids.
 */
export const SENDING_AT_ONCE = 8;
/** With nothing in hand, how often the owed mails are read again (this node's arrive live). */
const SWEEP_MS = 30_000;

export interface BidMailerDeps {
  eventStore: EventStore;
  /** Where the mails owed are read (src/projections/notifications/bid-mails-owed.ts), and the owner's address. */
  readStore: ReadStore;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** This node, as its requests name it in their events' metadata (src/http/commands.ts). */
  node: string;
  /** One node of N mails a bid (docs/decisions/0063). */
  lease?: LeaseOptions;
  retry?: RetryPolicy;
  now?: () => number;
}

export type BidMailer = Projection & {
  start(): void;
  /** Resolves once nothing is in hand or queued (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
  counts(): Promise<{ pending: number; overdue: number }>;
};

/**
 * The owner's mail about a new bid, out of the bid's request (docs/decisions/0052).
 * As a projection after the read models, it queues each mail this node's
 * requests owe as soon as the bid is in them; the worker mails the queue in
 * batches and records each batch sent (BidMailsSent), which marks those bids
 * done in `bid_mails_owed`. What another node owes is its own to send, unless
 * it is still owed after OVERDUE_AFTER_MS (that node stopped or failed): then
 * any node sends it. A crash between a mail and its record sends that mail
 * again after the start: at least once, never lost. A mail the provider
 * refused is tried again with capped backoff. With `lease`, a node mails a
 * bid only once it took the bid's lease (docs/decisions/0063), so two nodes
 * that both find a mail overdue send it once.
 */
export function createBidMailer(deps: BidMailerDeps): BidMailer {
  const retry = deps.retry ?? DEFAULT_RETRY;
  const now = deps.now ?? Date.now;
  const owed = () => deps.readStore.collection<BidMailOwedDoc>(BID_MAILS_OWED);
  const queue = new Map<string, BidMailOwedDoc>();
  // Sent here, and recorded or being recorded: not sent again while the read model catches up.
  const sent = new Set<string>();
  // Sent, and the record failed: recorded with the next batch, never sent again.
  const unrecorded = new Set<string>();
  const failures = new Map<string, { count: number; nextAt: number }>();
  let working: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let started = false;
  let stopped = false;

  const mailOne = async (item: BidMailOwedDoc): Promise<boolean> => {
    try {
      // Another node has it in hand: the next sweep looks again, once its lease may have run out.
      if (deps.lease && !(await deps.lease.leases.take(`${BID_MAILS}:${item._id}`, deps.lease.node, deps.lease.ms ?? DEFAULT_LEASE_MS, now()))) return false;
      const owner = await deps.readStore.collection<UserDoc>(USERS).findOne({ _id: item.ownerId }, { projection: { email: 1, name: 1 } });
      // An owner gone (erased: the document keeps a stand-in address, docs/decisions/0042) has no mail to receive:
      // recorded as done all the same.
      if (owner && owner.email !== erasedEmail(item.ownerId)) {
        await deps.mailer.send(bidReceivedMail({ to: owner.email, name: owner.name, propertyTitle: item.propertyTitle, propertyId: item.propertyId, amount: item.amount, publicUrl: deps.publicUrl }));
      }
      failures.delete(item._id);
      return true;
    } catch (error) {
      if (deps.lease) await deps.lease.leases.release(`${BID_MAILS}:${item._id}`, deps.lease.node).catch(() => undefined);
      const count = (failures.get(item._id)?.count ?? 0) + 1;
      const retryInMs = Math.min(retry.maxMs, retry.firstMs * 2 ** (count - 1));
      failures.set(item._id, { count, nextAt: now() + retryInMs });
      deps.logger.error('bid mail failed, will retry', { processManager: BID_MAILS, bidId: item._id, propertyId: item.propertyId, attempts: count, retryInMs, error });
      schedule(retryInMs);
      return false;
    }
  };

  const record = async (bidIds: string[]) => {
    await handleCommand(deps.eventStore, bidMailsStreamId(crypto.randomUUID()), bidMails, { type: 'RecordBidMailsSent', bidIds, at: new Date(now()).toISOString() }, { metadata: { processManager: BID_MAILS } });
  };

  const drain = async () => {
    while (!stopped && (queue.size > 0 || unrecorded.size > 0)) {
      const batch = [...queue.values()].slice(0, BATCH);
      for (const item of batch) queue.delete(item._id);
      const done = [...unrecorded];
      for (let from = 0; from < batch.length; from += SENDING_AT_ONCE) {
        const some = batch.slice(from, from + SENDING_AT_ONCE);
        const mailed = await Promise.all(some.map(mailOne));
        for (const [i, item] of some.entries()) if (mailed[i]) done.push(item._id);
      }
      if (done.length === 0) return;
      for (const bidId of done) sent.add(bidId);
      try {
        await record(done);
        unrecorded.clear();
      } catch (error) {
        for (const bidId of done) unrecorded.add(bidId);
        deps.logger.error('bid mails sent but not recorded; recording again later', { processManager: BID_MAILS, bids: done.length, error });
        schedule(retry.firstMs);
        return;
      }
    }
  };

  const work = (): Promise<void> => {
    working ??= drain().finally(() => {
      working = undefined;
      if (queue.size > 0 && !stopped) void work();
    });
    return working;
  };

  const due = (item: BidMailOwedDoc) => {
    if (sent.has(item._id) || queue.has(item._id)) return false;
    const failed = failures.get(item._id);
    if (failed && failed.nextAt > now()) return false;
    return item.node === deps.node || now() - Date.parse(item.since) >= OVERDUE_AFTER_MS;
  };

  const sweep = async () => {
    if (stopped) return;
    try {
      // A page at a time, oldest first, each page mailed before the next is read: a backlog is never read whole.
      let queued = 0;
      const ids = await forEachDue(
        owed(),
        now(),
        async (item) => {
          if (!due(item)) return;
          queue.set(item._id, item);
          if (++queued % SWEEP_PAGE === 0) await work();
        },
        () => stopped,
      );
      // Recorded in the log: nothing to remember.
      for (const id of sent) if (!ids.has(id)) sent.delete(id);
      for (const id of failures.keys()) if (!ids.has(id)) failures.delete(id);
      await work();
    } catch (error) {
      deps.logger.error('bid mails: could not read what is owed, will retry', { processManager: BID_MAILS, error });
    }
    schedule(SWEEP_MS);
  };

  // The next sweep, at the soonest time asked for.
  function schedule(delayMs: number) {
    if (stopped || !started) return;
    const at = now() + delayMs;
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      void sweep();
    }, delayMs);
    // Never the reason a process stays up.
    timer.unref();
  }

  return {
    name: BID_MAILS,
    collections: [],
    async apply(event, store, context) {
      // Mails owed from before this start are the sweep's (it reads them all at start).
      if (context?.replaying || event.type !== 'BidPlaced' || event.metadata.node !== deps.node) return;
      const item = await store.collection<BidMailOwedDoc>(BID_MAILS_OWED).findOne({ _id: (event.data as { bidId: string }).bidId, doneAt: null });
      if (!item || !due(item) || stopped) return;
      queue.set(item._id, item);
      void work();
    },
    start() {
      if (started || stopped) return;
      started = true;
      void sweep();
    },
    async idle() {
      while (working) await working;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (working) await working;
    },
    async counts() {
      const overdueSince = new Date(now() - OVERDUE_AFTER_MS).toISOString();
      const [pending, overdue] = await Promise.all([owed().countDocuments({ doneAt: null }), owed().countDocuments({ doneAt: null, since: { $lte: overdueSince } })]);
      return { pending, overdue };
    },
  };
}

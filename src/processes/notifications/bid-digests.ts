import { bidDigest, digestStreamId, dueDigestDay } from '../../domain/notifications/bid-digest';
import { handleCommand, loadState } from '../../domain/shared/command-handler';
import type { EventStore } from '../../event-store/port';
import type { BidDoc } from '../../projections/bidding/bids';
import { BIDS } from '../../projections/bidding/bids';
import { MAILS_FROM_LOG } from '../../projections/notifications/mails-owed';
import type { NotificationPreferencesDoc } from '../../projections/notifications/notification-preferences';
import { loadDigestReaders } from '../../projections/notifications/notification-preferences';
import type { PropertyDoc } from '../../projections/listings/properties';
import { PROPERTIES } from '../../projections/listings/properties';
import type { ReadStore } from '../../read-store/port';
import type { Logger } from '../../http/platform/logger';

export interface BidDigestDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
  /** How often this node looks for digests due; a minute by default. */
  intervalMs?: number;
}

export interface BidDigests {
  /** Records every digest due now that no node has recorded (its mail follows from the log); resolves with how many this call recorded. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops the timer and waits for a pass in hand; before the event store closes. */
  stop(): Promise<void>;
}

/**
 * The daily bid digest (docs/decisions/0043). Every node runs this timer; a
 * digest is due for a homeowner on the digest once their day's digest hour
 * has come, when bids arrived since the last one. The `digest-{ownerId}`
 * stream decides who sends it: appends carry the revision read, so of nodes
 * racing one appends BidDigestSent and the others, deciding again, append
 * nothing. The event owes the owner's mail (src/projections/notifications/mails-owed.ts):
 * the mail process sends it under a lease and records it, so a crash between
 * the append and the mail loses no digest (docs/decisions/0063).
 */
export function createBidDigests(deps: BidDigestDeps): BidDigests {
  let timer: ReturnType<typeof setInterval> | null = null;
  // Owners whose digest of the day this node saw sent (by itself or another node): not read again until the next day.
  const doneFor = new Map<string, string>();

  async function digestFor(reader: NotificationPreferencesDoc, day: string, now: Date): Promise<boolean> {
    const ownerId = reader._id;
    const streamId = digestStreamId(ownerId);
    if (doneFor.get(ownerId) === day) return false;
    const state = await loadState(deps.eventStore, streamId, bidDigest);
    if (state.lastDay !== null && state.lastDay >= day) {
      doneFor.set(ownerId, day);
      return false;
    }
    // Bids before the digest was chosen were mailed as chosen then.
    const since = [state.upTo, reader.dailySince].reduce<string>((latest, time) => (time !== null && time > latest ? time : latest), '');
    const listings = await deps.readStore.collection<PropertyDoc>(PROPERTIES).find({ ownerId }, { projection: { _id: 1, title: 1 } });
    if (listings.length === 0) return false;
    const bids = await deps.readStore
      .collection<BidDoc>(BIDS)
      .find({ propertyId: { $in: listings.map((l) => l._id) }, refundedAt: null, createdAt: { $gt: since, $lte: now.toISOString() } }, { sort: { createdAt: 1, _id: 1 } });
    if (bids.length === 0) return false;
    const upTo = bids.reduce((latest, bid) => (bid.createdAt > latest ? bid.createdAt : latest), since);
    // Random event ids, so that racing nodes' appends conflict (one identical to a stored one would be answered as written).
    const result = await handleCommand(
      deps.eventStore,
      streamId,
      bidDigest,
      { type: 'SendBidDigest', ownerId, day, bidIds: bids.map((b) => b._id), upTo, at: now.toISOString() },
      // Its mail is the log's to send: owed by the event, sent and recorded by the mail process.
      { metadata: { mails: MAILS_FROM_LOG } },
    );
    doneFor.set(ownerId, day);
    // The mail follows the BidDigestSent in the log (src/projections/notifications/mails-owed.ts, docs/decisions/0063).
    return result.events.length > 0;
  }

  async function pass(): Promise<number> {
    const now = deps.clock();
    const day = dueDigestDay(now);
    if (day === null) return 0;
    for (const [ownerId, done] of doneFor) if (done !== day) doneFor.delete(ownerId);
    let sent = 0;
    for (const reader of await loadDigestReaders(deps.readStore)) {
      try {
        if (await digestFor(reader, day, now)) sent += 1;
      } catch (error) {
        // The next pass tries again: the stream still says the day is not sent.
        deps.logger.error('bid digest failed', { ownerId: reader._id, day, error });
      }
    }
    return sent;
  }

  // One pass at a time per node; a tick during a pass waits for it.
  let chain: Promise<unknown> = Promise.resolve();
  const runOnce = (): Promise<number> => {
    const next = chain.then(pass);
    chain = next.catch(() => undefined);
    return next;
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => deps.logger.error('bid digest pass failed', { error }));
      }, deps.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },
  };
}

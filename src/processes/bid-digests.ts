import { bidDigest, digestStreamId, dueDigestDay } from '../domain/notifications/bid-digest';
import { handleCommand, loadState } from '../domain/shared/command-handler';
import type { EventStore } from '../event-store/port';
import type { DigestListing } from '../mail/bids';
import { bidDigestMail } from '../mail/bids';
import type { Mailer } from '../mail/port';
import type { BidDoc } from '../projections/bids';
import { BIDS } from '../projections/bids';
import type { NotificationPreferencesDoc } from '../projections/notification-preferences';
import { loadDigestReaders } from '../projections/notification-preferences';
import type { PropertyDoc } from '../projections/properties';
import { PROPERTIES } from '../projections/properties';
import type { UserDoc } from '../projections/users';
import { USERS } from '../projections/users';
import type { ReadStore } from '../read-store/port';
import type { Logger } from '../http/logger';

export interface BidDigestDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  publicUrl: string;
  /** How often this node looks for digests due; a minute by default. */
  intervalMs?: number;
}

export interface BidDigests {
  /** Sends every digest due now that no node has sent; resolves with how many this call sent. */
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
 * nothing. Only the node whose append wrote the event mails it.
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
    const result = await handleCommand(deps.eventStore, streamId, bidDigest, { type: 'SendBidDigest', ownerId, day, bidIds: bids.map((b) => b._id), upTo, at: now.toISOString() });
    doneFor.set(ownerId, day);
    if (result.events.length === 0) return false;
    const owner = await deps.readStore.collection<UserDoc>(USERS).findOne({ _id: ownerId });
    if (!owner) return false;
    const titles = new Map(listings.map((l) => [l._id, l.title]));
    const counts = new Map<string, number>();
    for (const bid of bids) counts.set(bid.propertyId, (counts.get(bid.propertyId) ?? 0) + 1);
    const digestListings: DigestListing[] = [...counts].map(([propertyId, count]) => ({ propertyId, title: titles.get(propertyId) ?? 'a listing', bids: count }));
    const mail = bidDigestMail({ to: owner.email, name: owner.name, listings: digestListings, publicUrl: deps.publicUrl });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.logger.error('bid digest mail failed', { ownerId, day, bids: bids.length, error });
    }
    return true;
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

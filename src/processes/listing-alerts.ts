import { dueDigestDay } from '../domain/notifications/bid-digest';
import { listingAlerts, listingAlertsStreamId } from '../domain/notifications/listing-alerts';
import { handleCommand, loadState } from '../domain/shared/command-handler';
import type { EventStore } from '../event-store/port';
import type { Logger } from '../http/logger';
import type { AlertListing } from '../mail/bids';
import { listingAlertMail } from '../mail/bids';
import type { Mailer } from '../mail/port';
import type { ListingAlertOwedDoc } from '../projections/listing-alerts-owed';
import { LISTING_ALERTS_OWED } from '../projections/listing-alerts-owed';
import type { NotificationPreferencesDoc } from '../projections/notification-preferences';
import { loadListingDigestReaders } from '../projections/notification-preferences';
import type { Projection } from '../projections/projection';
import type { PropertyDoc } from '../projections/properties';
import { PROPERTIES } from '../projections/properties';
import type { RealtorProfileDoc } from '../projections/realtor-profiles';
import { REALTOR_PROFILES } from '../projections/realtor-profiles';
import type { UserDoc } from '../projections/users';
import { USERS } from '../projections/users';
import type { ReadStore } from '../read-store/port';

export const LISTING_ALERTS = 'listing-alerts';

/** An instant alert older than this is not sent: it would no longer be news (and a first start must not mail every open listing). */
export const ALERT_FRESH_MS = 24 * 60 * 60 * 1000;

export interface ListingAlertDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  publicUrl: string;
  /** How often this node looks for alerts and digests due; a minute by default. */
  intervalMs?: number;
}

export type ListingAlerts = Projection & {
  /** Sends every instant alert and daily digest due now that no node has sent; resolves with how many mails this call sent. */
  runOnce(): Promise<number>;
  /** Resolves once no pass is in hand (tests, shutdown). */
  idle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * Mails realtors about listings gone live in their service areas
 * (docs/decisions/0060), as their choice says: at once (`listing_alerts_owed`,
 * kicked live when this node applies a PropertyListed, and swept every
 * minute), in a daily digest at the bid digest's hour, or never. Each mail is
 * claimed on `listing-alerts-{realtorId}` before it goes: the append carries
 * the revision read, so of nodes racing one writes ListingAlertsMailed and
 * mails, and the others decide nothing. A crash between the claim and the
 * provider loses that mail, as for the bid digest (0043).
 */
export function createListingAlerts(deps: ListingAlertDeps): ListingAlerts {
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  async function claimAndMail(realtorId: string, listings: AlertListing[], digestDay: string | null, upTo: string | null, at: string): Promise<boolean> {
    const command = { type: 'MailListingAlerts' as const, realtorId, propertyIds: listings.map((l) => l.propertyId), digestDay, upTo, at };
    const result = await handleCommand(deps.eventStore, listingAlertsStreamId(realtorId), listingAlerts, command, { metadata: { processManager: LISTING_ALERTS } });
    const written = result.events[0];
    if (!written) return false;
    const realtor = await deps.readStore.collection<UserDoc>(USERS).findOne({ _id: realtorId }, { projection: { email: 1, name: 1 } });
    if (!realtor) return false;
    const mailed = new Set(written.data.propertyIds);
    const mail = listingAlertMail({ to: realtor.email, name: realtor.name, listings: listings.filter((l) => mailed.has(l.propertyId)), digest: digestDay !== null, publicUrl: deps.publicUrl });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.logger.error('listing alert mail failed', { processManager: LISTING_ALERTS, realtorId, listings: mailed.size, error });
    }
    return true;
  }

  async function instantAlerts(now: Date): Promise<number> {
    const fresh = new Date(now.getTime() - ALERT_FRESH_MS).toISOString();
    const owed = await deps.readStore.collection<ListingAlertOwedDoc>(LISTING_ALERTS_OWED).find({ doneAt: null, since: { $gte: fresh } }, { sort: { since: 1 } });
    const byRealtor = new Map<string, AlertListing[]>();
    for (const item of owed) byRealtor.set(item.realtorId, [...(byRealtor.get(item.realtorId) ?? []), item]);
    let sent = 0;
    for (const [realtorId, listings] of byRealtor) {
      try {
        if (await claimAndMail(realtorId, listings, null, null, now.toISOString())) sent += 1;
      } catch (error) {
        // The next pass tries again: the stream still says the listings were not mailed.
        deps.logger.error('listing alert failed', { processManager: LISTING_ALERTS, realtorId, error });
      }
    }
    return sent;
  }

  async function digestFor(reader: NotificationPreferencesDoc, day: string, now: Date): Promise<boolean> {
    const realtorId = reader._id;
    const state = await loadState(deps.eventStore, listingAlertsStreamId(realtorId), listingAlerts);
    if (state.lastDigestDay !== null && state.lastDigestDay >= day) return false;
    const profile = await deps.readStore.collection<RealtorProfileDoc>(REALTOR_PROFILES).findOne({ _id: realtorId }, { projection: { serviceAreas: 1 } });
    if (!profile || profile.serviceAreas.length === 0) return false;
    // Listings before the digest was chosen were mailed (or not) as chosen then.
    const since = [state.upTo, reader.listingDailySince ?? null].reduce<string>((latest, time) => (time !== null && time > latest ? time : latest), '');
    const listings = await deps.readStore
      .collection<PropertyDoc>(PROPERTIES)
      .find({ area: { $in: profile.serviceAreas }, isActive: true, createdAt: { $gt: since, $lte: now.toISOString() } }, { sort: { createdAt: 1 } });
    if (listings.length === 0) return false;
    const upTo = listings.reduce((latest, listing) => (listing.createdAt > latest ? listing.createdAt : latest), since);
    const alerts = listings.map((l) => ({ propertyId: l._id, title: l.title, location: l.location, area: l.area ?? '' }));
    return claimAndMail(realtorId, alerts, day, upTo, now.toISOString());
  }

  async function digests(now: Date): Promise<number> {
    const day = dueDigestDay(now);
    if (day === null) return 0;
    let sent = 0;
    for (const reader of await loadListingDigestReaders(deps.readStore)) {
      try {
        if (await digestFor(reader, day, now)) sent += 1;
      } catch (error) {
        deps.logger.error('listing digest failed', { processManager: LISTING_ALERTS, realtorId: reader._id, day, error });
      }
    }
    return sent;
  }

  // One pass at a time per node; a kick or tick during a pass waits for it.
  let chain: Promise<unknown> = Promise.resolve();
  const queue = (pass: (now: Date) => Promise<number>): Promise<number> => {
    const next = chain.then(() => pass(deps.clock()));
    chain = next.catch(() => undefined);
    return next;
  };
  const runOnce = () => queue(async (now) => (await instantAlerts(now)) + (await digests(now)));
  const logged = (pass: Promise<number>) => pass.catch((error: unknown) => deps.logger.error('listing alerts pass failed', { processManager: LISTING_ALERTS, error }));
  const runLogged = () => logged(runOnce());

  return {
    name: LISTING_ALERTS,
    collections: [],
    async apply(event, _store, context) {
      // A listing live now: its instant alerts go at once, not at the next tick. Owed from before this start: the first pass.
      if (context?.replaying || stopped || event.type !== 'PropertyListed' || !event.streamId.startsWith('property-')) return;
      void logged(queue(instantAlerts));
    },
    runOnce,
    async idle() {
      await chain;
    },
    start() {
      if (timer || stopped) return;
      void runLogged();
      timer = setInterval(() => void runLogged(), deps.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },
  };
}

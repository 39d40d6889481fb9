import { dueDigestDay } from '../domain/notifications/bid-digest';
import { listingAlerts, listingAlertsStreamId } from '../domain/notifications/listing-alerts';
import { handleCommand, loadState } from '../domain/shared/command-handler';
import type { EventStore } from '../event-store/port';
import type { Logger } from '../http/logger';
import type { AlertListing } from '../mail/bids';
import { listingAlertMail } from '../mail/bids';
import type { Mailer } from '../mail/port';
import type { NotificationPreferencesDoc } from '../projections/notification-preferences';
import { loadListingDigestReaders } from '../projections/notification-preferences';
import type { PropertyDoc } from '../projections/properties';
import { PROPERTIES } from '../projections/properties';
import type { RealtorProfileDoc } from '../projections/realtor-profiles';
import { REALTOR_PROFILES } from '../projections/realtor-profiles';
import type { UserDoc } from '../projections/users';
import { USERS } from '../projections/users';
import type { ReadStore } from '../read-store/port';

export const LISTING_ALERTS = 'listing-alerts';

/** An instant alert (owed in mails_owed, sent by src/processes/mails.ts) older than this is not sent: it would no longer be news. */
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

export type ListingAlerts = {
  /** Sends every daily digest due now that no node has sent; resolves with how many mails this call sent. */
  runOnce(): Promise<number>;
  /** Resolves once no pass is in hand (tests, shutdown). */
  idle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * The realtors' daily digest of listings gone live in their service areas
 * (docs/decisions/0060), at the bid digest's hour, for those who chose it.
 * The instant alert is a mail the PropertyListed owes (src/projections/mails-owed.ts,
 * docs/decisions/0063), sent from the log at least once. Each digest is
 * claimed on `listing-alerts-{realtorId}` before it goes: the append carries
 * the revision read, so of nodes racing one writes ListingAlertsMailed and
 * mails, and the others decide nothing. A crash between the claim and the
 * provider loses that digest, as for the bid digest before 0063.
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

  // One pass at a time per node; a tick during a pass waits for it.
  let chain: Promise<unknown> = Promise.resolve();
  const queue = (pass: (now: Date) => Promise<number>): Promise<number> => {
    const next = chain.then(() => pass(deps.clock()));
    chain = next.catch(() => undefined);
    return next;
  };
  const runOnce = () => queue(digests);
  const logged = (pass: Promise<number>) => pass.catch((error: unknown) => deps.logger.error('listing alerts pass failed', { processManager: LISTING_ALERTS, error }));
  const runLogged = () => logged(runOnce());

  return {
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

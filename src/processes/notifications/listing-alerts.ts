import { dueDigestDay } from '../../domain/notifications/bid-digest';
import { listingAlerts, listingAlertsStreamId } from '../../domain/notifications/listing-alerts';
import { handleCommand, loadState } from '../../domain/shared/command-handler';
import type { EventStore } from '../../event-store/port';
import type { Logger } from '../../http/platform/logger';
import { MAILS_FROM_LOG } from '../../projections/notifications/mails-owed';
import type { NotificationPreferencesDoc } from '../../projections/notifications/notification-preferences';
import { loadListingDigestReaders } from '../../projections/notifications/notification-preferences';
import type { PropertyDoc } from '../../projections/listings/properties';
import { PROPERTIES } from '../../projections/listings/properties';
import type { RealtorProfileDoc } from '../../projections/realtor-profiles/realtor-profiles';
import { REALTOR_PROFILES } from '../../projections/realtor-profiles/realtor-profiles';
import type { ReadStore } from '../../read-store/port';

export const LISTING_ALERTS = 'listing-alerts';

/** An instant alert (owed in mails_owed, sent by src/processes/notifications/mails.ts) older than this is not sent: it would no longer be news. */
export const ALERT_FRESH_MS = 24 * 60 * 60 * 1000;

export interface ListingAlertDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
  /** How often this node looks for alerts and digests due; a minute by default. */
  intervalMs?: number;
}

export type ListingAlerts = {
  /** Records every daily digest due now that no node has recorded (its mail follows from the log); resolves with how many this call recorded. */
  runOnce(): Promise<number>;
  /** Resolves once no pass is in hand (tests, shutdown). */
  idle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * The realtors' daily digest of listings gone live in their service areas
 * (docs/decisions/0060), at the bid digest's hour, for those who chose it.
 * The instant alert is a mail the PropertyListed owes (src/projections/notifications/mails-owed.ts,
 * docs/decisions/0063), sent from the log at least once. Each digest is
 * recorded on `listing-alerts-{realtorId}`: the append carries the revision
 * read, so of nodes racing one writes ListingAlertsMailed and the others
 * decide nothing. The record owes the mail (the ListingAlertsMailed row of
 * MAIL_RULES): the mail process sends it under a lease and records it sent,
 * so a crash between the record and the mail loses no digest.
 */
export function createListingAlerts(deps: ListingAlertDeps): ListingAlerts {
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  // Random event ids, so that racing nodes' appends conflict; the record's metadata says the log owes its mail.
  async function record(realtorId: string, propertyIds: string[], digestDay: string, upTo: string, at: string): Promise<boolean> {
    const command = { type: 'MailListingAlerts' as const, realtorId, propertyIds, digestDay, upTo, at };
    const result = await handleCommand(deps.eventStore, listingAlertsStreamId(realtorId), listingAlerts, command, { metadata: { processManager: LISTING_ALERTS, mails: MAILS_FROM_LOG } });
    return result.events.length > 0;
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
    return record(realtorId, listings.map((l) => l._id), day, upTo, now.toISOString());
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

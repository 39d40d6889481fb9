import { areaOfListing } from '../contract/service-areas';
import type { PropertyListed } from '../domain/listings/events';
import { isPropertyEvent } from '../domain/listings/events';
import type { ListingAlertsMailed } from '../domain/notifications/listing-alerts';
import type { RecordedEvent } from '../event-store/port';
import { loadNotificationPreferencesOf } from './notification-preferences';
import type { OwedDoc } from './owed';
import type { Projection } from './projection';
import { upsertOnce } from './projection';
import type { RealtorProfileDoc } from './realtor-profiles';
import { REALTOR_PROFILES } from './realtor-profiles';

export const LISTING_ALERTS_OWED = 'listing_alerts_owed';

/** A realtor's instant mail about a new listing in their areas, owed until a ListingAlertsMailed names it; `_id` is `{propertyId}:{realtorId}`. */
export type ListingAlertOwedDoc = OwedDoc & { realtorId: string; propertyId: string; title: string; location: string; area: string };

/**
 * The instant listing alerts owed (docs/decisions/0060), for the process in
 * src/processes/listing-alerts.ts. Registered after `realtor_profiles` and
 * `notification_preferences`: a PropertyListed owes each realtor serving its
 * area a mail when, at that point of the log, they chose instant listing
 * mails (the default). Only listings listed through a request that names its
 * node are owed, as for the bid mails.
 */
export function createListingAlertsOwedProjection(): Projection {
  return {
    name: LISTING_ALERTS_OWED,
    collections: [LISTING_ALERTS_OWED],
    async setup(store) {
      await store.collection<ListingAlertOwedDoc>(LISTING_ALERTS_OWED).createIndex({ doneAt: 1, since: 1 });
    },
    async apply(event, store) {
      const owed = store.collection<ListingAlertOwedDoc>(LISTING_ALERTS_OWED);
      if (event.type === 'ListingAlertsMailed' && event.streamId.startsWith('listing-alerts-')) {
        const { realtorId, propertyIds, at } = (event as RecordedEvent & ListingAlertsMailed).data;
        // Upserts, so the mark exists before a lagging node could record the debt.
        for (const propertyId of propertyIds) await upsertOnce(owed, `${propertyId}:${realtorId}`, event.position, { $set: { doneAt: at } });
        return;
      }
      if (!isPropertyEvent(event) || event.type !== 'PropertyListed' || typeof event.metadata.node !== 'string') return;
      const { propertyId, title, location, area } = (event as RecordedEvent & PropertyListed).data;
      const where = areaOfListing({ area, location });
      if (where === null) return;
      const realtors = await store.collection<RealtorProfileDoc>(REALTOR_PROFILES).find({ serviceAreas: where }, { projection: { _id: 1 } });
      const choices = await loadNotificationPreferencesOf(store, realtors.map((realtor) => realtor._id));
      for (const { _id: realtorId } of realtors) {
        if ((choices.get(realtorId)?.listingEmails ?? 'instant') !== 'instant') continue;
        await upsertOnce(owed, `${propertyId}:${realtorId}`, event.position, {
          $set: { realtorId, propertyId, title, location, area: where, since: event.recordedAt, causationId: event.id },
          $setOnInsert: { doneAt: null },
        });
      }
    },
  };
}

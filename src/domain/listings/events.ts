import type { RecordedEvent } from '../../event-store/port';
import type { PropertyType, VibeMetrics } from '../../contract/listings/listings';
import type { ServiceArea } from '../../contract/service-areas';
import { propertyStream } from '../shared/stream-ids';

/** One listing's stream. */
export const propertyStreamId = propertyStream.of;

/** What the owner describes and may edit. */
export type PropertyDetails = {
  title: string;
  description: string;
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  address: string;
  /** 'City, State'. */
  location: string;
  /** Blob keys (`images/…`); the first is the cover. */
  images: string[];
  vibeMetrics: VibeMetrics | null;
  /**
   * One of the 19 service areas, or null for none (docs/decisions/0060).
   * Absent on events from before listings had areas: the location's city
   * stands for it when it is one (`areaOfListing`).
   */
  area?: ServiceArea | null;
};

export type PropertyListed = {
  type: 'PropertyListed';
  data: PropertyDetails & {
    propertyId: string;
    ownerId: string;
    biddingEndsAt: string;
    minBidAmount: number;
    listedAt: string;
  };
};

/** The details after the edit, in full. */
export type PropertyUpdated = { type: 'PropertyUpdated'; data: PropertyDetails & { propertyId: string; ownerId: string; at: string } };

export type PropertyActivationToggled = {
  type: 'PropertyActivationToggled';
  data: { propertyId: string; isActive: boolean; adminId: string; at: string };
};

/**
 * The listing is gone. Carries what reactions need without reading the
 * stream: bids placed before `biddingEndsAt` are refunded by the bidding
 * context; the images are deleted by the route that deleted the listing.
 */
export type PropertyDeleted = {
  type: 'PropertyDeleted';
  data: { propertyId: string; ownerId: string; title: string; biddingEndsAt: string; images: string[]; at: string };
};

export type PropertyEvent = PropertyListed | PropertyUpdated | PropertyActivationToggled | PropertyDeleted;

export const PROPERTY_EVENT_TYPES = ['PropertyListed', 'PropertyUpdated', 'PropertyActivationToggled', 'PropertyDeleted'] as const satisfies ReadonlyArray<
  PropertyEvent['type']
>;

export function isPropertyEvent(event: RecordedEvent): event is RecordedEvent & PropertyEvent {
  return propertyStream.owns(event.streamId) && (PROPERTY_EVENT_TYPES as readonly string[]).includes(event.type);
}

import { assertNever } from '../shared/decider';
import type { PropertyDetails, PropertyEvent } from './events';

export interface ListedProperty extends PropertyDetails {
  status: 'listed';
  propertyId: string;
  ownerId: string;
  biddingEndsAt: string;
  minBidAmount: number;
  isActive: boolean;
  listedAt: string;
}

export type PropertyState = { status: 'none' } | ListedProperty | { status: 'deleted'; propertyId: string; ownerId: string };

export const initialPropertyState: PropertyState = { status: 'none' };

export function evolveProperty(state: PropertyState, event: PropertyEvent): PropertyState {
  switch (event.type) {
    case 'PropertyListed': {
      const { listedAt, ...listed } = event.data;
      return { status: 'listed', ...listed, isActive: true, listedAt };
    }
    case 'PropertyUpdated': {
      if (state.status !== 'listed') return state;
      const { title, description, propertyType, bedrooms, bathrooms, address, location, images, vibeMetrics, area } = event.data;
      // An update from before areas existed leaves the area as it was.
      return { ...state, title, description, propertyType, bedrooms, bathrooms, address, location, images, vibeMetrics, ...(area !== undefined ? { area } : {}) };
    }
    case 'PropertyActivationToggled':
      if (state.status !== 'listed') return state;
      return { ...state, isActive: event.data.isActive };
    case 'PropertyDeleted':
      return { status: 'deleted', propertyId: event.data.propertyId, ownerId: event.data.ownerId };
    default:
      return assertNever(event);
  }
}

import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import type { PropertyCommand } from './commands';
import type { PropertyDetails, PropertyEvent } from './events';
import type { ListedProperty, PropertyState } from './property';
import { evolveProperty, initialPropertyState } from './property';
import { BIDDING_PERIOD_DAYS } from '../../contract/listings/listing-requests';
import { areaOfListing } from '../../contract/service-areas';

export const PROPERTY_NOT_FOUND = 'Property not found';
export const VERIFIED_HOMEOWNERS_ONLY = 'Only verified homeowners can list properties. Please verify your ownership first.';
export const BIDDING_END_IN_PAST = 'Bidding end date must be in the future';
export const OWNER_ONLY_EDIT = 'Only the owner can edit this property';
export const OWNER_ONLY_DELETE = 'Only the owner can delete this property';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A listing's stream `property-{propertyId}`. */
export const listing: Decider<PropertyCommand, PropertyState, PropertyEvent> = {
  initialState: initialPropertyState,
  evolve: evolveProperty,
  decide(command, state) {
    switch (command.type) {
      case 'ListProperty': {
        if (state.status !== 'none') throw new ConflictError('Property already exists');
        if (command.ownerVerification !== 'approved') throw new ForbiddenError(VERIFIED_HOMEOWNERS_ONLY);
        const biddingEndsAt = command.biddingEndsAt ?? new Date(Date.parse(command.at) + BIDDING_PERIOD_DAYS * DAY_MS).toISOString();
        if (Date.parse(biddingEndsAt) <= Date.parse(command.at)) {
          throw new ValidationError(BIDDING_END_IN_PAST, { biddingEndsAt: BIDDING_END_IN_PAST });
        }
        const { propertyId, ownerId, details, minBidAmount, at } = command;
        // Every listing from now on names its area (null: none), so no reader derives it again.
        return [{ type: 'PropertyListed', data: { propertyId, ownerId, ...details, area: areaOfListing(details), biddingEndsAt, minBidAmount, listedAt: at } }];
      }
      case 'UpdateProperty': {
        const property = requireListed(state);
        if (command.actorId !== property.ownerId) throw new ForbiddenError(OWNER_ONLY_EDIT);
        const details: PropertyDetails = {
          ...command.details,
          vibeMetrics: command.details.vibeMetrics === undefined ? property.vibeMetrics : command.details.vibeMetrics,
          area: command.details.area === undefined ? areaOfListing(property) : command.details.area,
        };
        if (sameDetails(property, details)) return [];
        return [{ type: 'PropertyUpdated', data: { propertyId: property.propertyId, ownerId: property.ownerId, ...details, at: command.at } }];
      }
      case 'TogglePropertyActivation': {
        const property = requireListed(state);
        return [{ type: 'PropertyActivationToggled', data: { propertyId: property.propertyId, isActive: !property.isActive, adminId: command.adminId, at: command.at } }];
      }
      case 'DeleteProperty': {
        const property = requireListed(state);
        if (command.actorId !== property.ownerId) throw new ForbiddenError(OWNER_ONLY_DELETE);
        const { propertyId, ownerId, title, biddingEndsAt, images } = property;
        return [{ type: 'PropertyDeleted', data: { propertyId, ownerId, title, biddingEndsAt, images, at: command.at } }];
      }
      default:
        return assertNever(command);
    }
  },
};

function requireListed(state: PropertyState): ListedProperty {
  if (state.status !== 'listed') throw new NotFoundError(PROPERTY_NOT_FOUND);
  return state;
}

function sameDetails(property: ListedProperty, details: PropertyDetails): boolean {
  const keys: Array<keyof PropertyDetails> = ['title', 'description', 'propertyType', 'bedrooms', 'bathrooms', 'address', 'location', 'images', 'vibeMetrics'];
  return keys.every((key) => JSON.stringify(property[key]) === JSON.stringify(details[key])) && areaOfListing(property) === details.area;
}

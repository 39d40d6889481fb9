import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { ListProperty } from './commands';
import { BIDDING_END_IN_PAST, OWNER_ONLY_DELETE, OWNER_ONLY_EDIT, PROPERTY_NOT_FOUND, VERIFIED_HOMEOWNERS_ONLY, listing } from './decide';
import type { PropertyDetails, PropertyEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const twoWeeksLater = '2026-12-06T10:00:00.000Z';
const later = '2026-11-23T10:00:00.000Z';
const image1 = 'images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png';
const image2 = 'images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e02.jpg';
const vibe = { cafes: 80, greenery: 60, schools: 70, safety: 90, transit: 50, community: 75 };

const details: PropertyDetails = {
  title: 'Bright family home',
  description: 'Three bedrooms near the park.',
  propertyType: 'house',
  bedrooms: 3,
  bathrooms: 2,
  address: '12 Elm Street',
  location: 'Toronto, ON',
  images: [image1, image2],
  vibeMetrics: vibe,
  area: null,
};

const list = (overrides: Partial<ListProperty> = {}): ListProperty => ({
  type: 'ListProperty',
  propertyId: 'p1',
  ownerId: 'owner',
  ownerVerification: 'approved',
  details,
  minBidAmount: 100,
  at,
  ...overrides,
});

const listed = (biddingEndsAt = twoWeeksLater, minBidAmount = 100): PropertyEvent => ({
  type: 'PropertyListed',
  data: { propertyId: 'p1', ownerId: 'owner', ...details, biddingEndsAt, minBidAmount, listedAt: at },
});
const toggled = (isActive: boolean): PropertyEvent => ({ type: 'PropertyActivationToggled', data: { propertyId: 'p1', isActive, adminId: 'a1', at: later } });
const deleted: PropertyEvent = {
  type: 'PropertyDeleted',
  data: { propertyId: 'p1', ownerId: 'owner', title: details.title, biddingEndsAt: twoWeeksLater, images: [image1, image2], at: later },
};

describe('ListProperty', () => {
  it('lists with bidding open for 14 days by default', () => {
    given(listing).when(list()).then([listed()]);
  });

  it('names the area the owner chose, or else the one the location\'s city is, or none', () => {
    const mississauga = { ...details, location: 'mississauga,  ON' };
    const { area: _omitted, ...unnamed } = mississauga;
    given(listing).when(list({ details: unnamed })).then([{ type: 'PropertyListed', data: { propertyId: 'p1', ownerId: 'owner', ...mississauga, area: 'Mississauga', biddingEndsAt: twoWeeksLater, minBidAmount: 100, listedAt: at } }]);
    given(listing).when(list({ details: { ...mississauga, area: 'Brampton' } })).then([{ type: 'PropertyListed', data: { propertyId: 'p1', ownerId: 'owner', ...mississauga, area: 'Brampton', biddingEndsAt: twoWeeksLater, minBidAmount: 100, listedAt: at } }]);
    given(listing).when(list({ details: { ...mississauga, area: null } })).then([{ type: 'PropertyListed', data: { propertyId: 'p1', ownerId: 'owner', ...mississauga, area: null, biddingEndsAt: twoWeeksLater, minBidAmount: 100, listedAt: at } }]);
  });

  it('keeps a chosen bidding end and minimum bid', () => {
    given(listing).when(list({ biddingEndsAt: '2026-11-22T10:00:05.000Z', minBidAmount: 250 })).then([listed('2026-11-22T10:00:05.000Z', 250)]);
  });

  it('refuses a bidding end that is not ahead of the clock', () => {
    given(listing).when(list({ biddingEndsAt: at })).thenThrows(ValidationError, BIDDING_END_IN_PAST);
    given(listing).when(list({ biddingEndsAt: '2026-11-22T09:59:59.999Z' })).thenThrows(ValidationError, BIDDING_END_IN_PAST);
    // The same end is fine a moment earlier: the clock decides, not the date.
    given(listing).when(list({ biddingEndsAt: at, at: '2026-11-22T09:59:59.000Z' })).then([
      { type: 'PropertyListed', data: { propertyId: 'p1', ownerId: 'owner', ...details, biddingEndsAt: at, minBidAmount: 100, listedAt: '2026-11-22T09:59:59.000Z' } },
    ]);
  });

  it('lets only a verified homeowner list', () => {
    for (const ownerVerification of ['not_submitted', 'pending', 'rejected'] as const) {
      given(listing).when(list({ ownerVerification })).thenThrows(ForbiddenError, VERIFIED_HOMEOWNERS_ONLY);
    }
  });

  it('refuses to list the same property twice', () => {
    given(listing, [listed()]).when(list()).thenThrows(ConflictError);
    given(listing, [listed(), deleted]).when(list()).thenThrows(ConflictError);
  });
});

describe('UpdateProperty', () => {
  const edit = { ...details, title: 'Renovated family home', bedrooms: 4, images: [image2] };

  it('records the owner’s edit in full, images included', () => {
    given(listing, [listed()])
      .when({ type: 'UpdateProperty', actorId: 'owner', details: edit, at: later })
      .then([{ type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...edit, at: later } }]);
  });

  it('keeps the vibe metrics when the edit leaves them out, and removes them on null', () => {
    const { vibeMetrics: _omitted, ...withoutVibe } = edit;
    given(listing, [listed()])
      .when({ type: 'UpdateProperty', actorId: 'owner', details: withoutVibe, at: later })
      .then([{ type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...edit, vibeMetrics: vibe, at: later } }]);
    given(listing, [listed()])
      .when({ type: 'UpdateProperty', actorId: 'owner', details: { ...edit, vibeMetrics: null }, at: later })
      .then([{ type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...edit, vibeMetrics: null, at: later } }]);
  });

  it('keeps the area when the edit leaves it out, changes it, and gives an older listing the area its city names', () => {
    const { area: _omitted, ...withoutArea } = edit;
    const inOakville: PropertyEvent = { type: 'PropertyListed', data: { propertyId: 'p1', ownerId: 'owner', ...details, area: 'Oakville', biddingEndsAt: twoWeeksLater, minBidAmount: 100, listedAt: at } };
    given(listing, [inOakville])
      .when({ type: 'UpdateProperty', actorId: 'owner', details: withoutArea, at: later })
      .then([{ type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...edit, area: 'Oakville', at: later } }]);
    given(listing, [inOakville])
      .when({ type: 'UpdateProperty', actorId: 'owner', details: { ...details, area: 'Milton' }, at: later })
      .then([{ type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...details, area: 'Milton', at: later } }]);
    // Listed before areas: no `area` in the event, and a location in Guelph.
    const { area: _none, ...before } = details;
    const older: PropertyEvent = { type: 'PropertyListed', data: { propertyId: 'p1', ownerId: 'owner', ...before, location: 'Guelph, ON', biddingEndsAt: twoWeeksLater, minBidAmount: 100, listedAt: at } };
    given(listing, [older])
      .when({ type: 'UpdateProperty', actorId: 'owner', details: { ...withoutArea, location: 'Guelph, ON' }, at: later })
      .then([{ type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...edit, location: 'Guelph, ON', area: 'Guelph', at: later } }]);
  });

  it('records nothing when nothing changed', () => {
    given(listing, [listed()]).when({ type: 'UpdateProperty', actorId: 'owner', details, at: later }).then([]);
  });

  it('is allowed after bidding closed and while inactive', () => {
    given(listing, [listed(), toggled(false)])
      .when({ type: 'UpdateProperty', actorId: 'owner', details: edit, at: '2027-01-01T00:00:00.000Z' })
      .then([{ type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...edit, at: '2027-01-01T00:00:00.000Z' } }]);
  });

  it('refuses anyone but the owner', () => {
    given(listing, [listed()]).when({ type: 'UpdateProperty', actorId: 'someone', details: edit, at: later }).thenThrows(ForbiddenError, OWNER_ONLY_EDIT);
  });

  it('refuses a missing or deleted property', () => {
    given(listing).when({ type: 'UpdateProperty', actorId: 'owner', details: edit, at: later }).thenThrows(NotFoundError, PROPERTY_NOT_FOUND);
    given(listing, [listed(), deleted]).when({ type: 'UpdateProperty', actorId: 'owner', details: edit, at: later }).thenThrows(NotFoundError, PROPERTY_NOT_FOUND);
  });
});

describe('TogglePropertyActivation', () => {
  it('turns an active property inactive and back', () => {
    given(listing, [listed()]).when({ type: 'TogglePropertyActivation', adminId: 'a1', at: later }).then([toggled(false)]);
    given(listing, [listed(), toggled(false)]).when({ type: 'TogglePropertyActivation', adminId: 'a1', at: later }).then([toggled(true)]);
  });

  it('refuses a missing or deleted property', () => {
    given(listing).when({ type: 'TogglePropertyActivation', adminId: 'a1', at: later }).thenThrows(NotFoundError, PROPERTY_NOT_FOUND);
    given(listing, [listed(), deleted]).when({ type: 'TogglePropertyActivation', adminId: 'a1', at: later }).thenThrows(NotFoundError, PROPERTY_NOT_FOUND);
  });
});

describe('DeleteProperty', () => {
  it('deletes for the owner, carrying the bidding end and images for the reactions', () => {
    given(listing, [listed()]).when({ type: 'DeleteProperty', actorId: 'owner', at: later }).then([deleted]);
  });

  it('deletes an inactive property too', () => {
    given(listing, [listed(), toggled(false)]).when({ type: 'DeleteProperty', actorId: 'owner', at: later }).then([deleted]);
  });

  it('refuses anyone but the owner', () => {
    given(listing, [listed()]).when({ type: 'DeleteProperty', actorId: 'someone', at: later }).thenThrows(ForbiddenError, OWNER_ONLY_DELETE);
  });

  it('refuses a missing or already deleted property', () => {
    given(listing).when({ type: 'DeleteProperty', actorId: 'owner', at: later }).thenThrows(NotFoundError, PROPERTY_NOT_FOUND);
    given(listing, [listed(), deleted]).when({ type: 'DeleteProperty', actorId: 'owner', at: later }).thenThrows(NotFoundError, PROPERTY_NOT_FOUND);
  });
});

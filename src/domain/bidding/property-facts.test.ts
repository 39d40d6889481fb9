import { describe, expect, it } from 'vitest';
import { UNLISTED, foldPropertyFacts } from './property-facts';

const listed = { type: 'PropertyListed', data: { propertyId: 'p1', ownerId: 'o1', title: 'Loft', biddingEndsAt: '2026-12-06T10:00:00.000Z', minBidAmount: 250, listedAt: 'x' } };

describe('property facts for bidding', () => {
  it('is unlisted with no events', () => {
    expect(foldPropertyFacts([])).toEqual(UNLISTED);
  });

  it('follows listing, edits, activation and deletion', () => {
    expect(foldPropertyFacts([listed])).toEqual({ exists: true, deleted: false, ownerId: 'o1', title: 'Loft', isActive: true, biddingEndsAt: '2026-12-06T10:00:00.000Z', minBidAmount: 250 });
    const edited = foldPropertyFacts([listed, { type: 'PropertyUpdated', data: { title: 'Sunny loft', bedrooms: 2 } }]);
    expect(edited).toMatchObject({ title: 'Sunny loft', minBidAmount: 250 });
    expect(foldPropertyFacts([listed, { type: 'PropertyActivationToggled', data: { isActive: false } }]).isActive).toBe(false);
    expect(foldPropertyFacts([listed, { type: 'PropertyDeleted', data: { at: 'y' } }])).toMatchObject({ exists: false, deleted: true, isActive: false });
  });

  it('defaults the minimum to 100 and ignores unknown events', () => {
    const bare = { type: 'PropertyListed', data: { ownerId: 'o1', title: 'T', biddingEndsAt: 'z' } };
    expect(foldPropertyFacts([bare, { type: 'SomethingElse', data: null }]).minBidAmount).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';
import type { PropertySelection } from './contact';
import { mayShareOwnerContact, mayShareRealtorContact } from './contact';

const closes = '2026-12-06T10:00:00.000Z';
const open = new Date('2026-12-06T09:00:00.000Z');
const closed = new Date('2026-12-06T11:00:00.000Z');
const property = (overrides: Partial<PropertySelection> = {}): PropertySelection => ({
  ownerId: 'owner',
  biddingEndsAt: closes,
  deleted: false,
  selectedRealtorId: 'chosen',
  ...overrides,
});

describe('contact details', () => {
  it("reach the owner only for the selected realtor, once bidding closed", () => {
    expect(mayShareRealtorContact('owner', 'chosen', property(), closed)).toBe(true);
    expect(mayShareRealtorContact('owner', 'chosen', property(), open)).toBe(false);
    expect(mayShareRealtorContact('owner', 'other', property(), closed)).toBe(false);
    expect(mayShareRealtorContact('owner', 'chosen', property({ selectedRealtorId: null }), closed)).toBe(false);
    expect(mayShareRealtorContact('stranger', 'chosen', property(), closed)).toBe(false);
    expect(mayShareRealtorContact('owner', 'chosen', property({ deleted: true }), closed)).toBe(false);
  });

  it("reach the selected realtor for the owner's, on the same terms", () => {
    expect(mayShareOwnerContact('chosen', property(), closed)).toBe(true);
    expect(mayShareOwnerContact('chosen', property(), open)).toBe(false);
    expect(mayShareOwnerContact('other', property(), closed)).toBe(false);
  });
});

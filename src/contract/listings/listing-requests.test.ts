import { describe, expect, it } from 'vitest';
import { MESSAGES, createPropertySchema, roomCountFromInput, updatePropertySchema } from './listing-requests';

const valid = {
  title: 'Bright family home',
  description: 'Three bedrooms near the park.',
  propertyType: 'house',
  bedrooms: 3,
  bathrooms: 2,
  address: '12 Elm Street',
  location: 'Toronto, ON',
};

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;
const createMessage = (overrides: Record<string, unknown>) => firstMessage(createPropertySchema.safeParse({ ...valid, ...overrides }));

describe('property rules', () => {
  it('applies the creation defaults', () => {
    expect(createPropertySchema.parse(valid)).toEqual({ ...valid, images: [], minBidAmount: 100 });
  });

  it('answers each field’s own message', () => {
    expect(createMessage({ title: '  ' })).toBe(MESSAGES.title);
    expect(createMessage({ title: 'x'.repeat(201) })).toBe('Title must be less than 200 characters');
    expect(createMessage({ description: undefined })).toBe('Description is required');
    expect(createMessage({ propertyType: 'castle' })).toBe(MESSAGES.propertyType);
    expect(createMessage({ bedrooms: 0 })).toBe('Bedrooms must be a whole number of at least 1');
    expect(createMessage({ bedrooms: 1.5 })).toBe('Bedrooms must be a whole number of at least 1');
    expect(createMessage({ bathrooms: 'two' })).toBe('Bathrooms must be a whole number of at least 1');
    expect(createMessage({ address: '' })).toBe('Address is required');
    expect(createMessage({ location: 'Toronto' })).toBe(MESSAGES.location);
    expect(createMessage({ location: ', ON' })).toBe(MESSAGES.location);
    expect(createMessage({ images: 'images/x.png' })).toBe(MESSAGES.images);
    expect(createMessage({ images: Array.from({ length: 21 }, (_, i) => `k${i}`) })).toBe(MESSAGES.tooManyImages);
    expect(createMessage({ images: ['a', 'a'] })).toBe(MESSAGES.duplicateImage);
    expect(createMessage({ biddingEndsAt: 'next week' })).toBe(MESSAGES.biddingEndsAt);
    expect(createMessage({ minBidAmount: 99 })).toBe(MESSAGES.minBidAmount);
    expect(createMessage({ minBidAmount: 150.5 })).toBe(MESSAGES.minBidAmount);
    expect(createMessage({ vibeMetrics: { cafes: 101, greenery: 1, schools: 1, safety: 1, transit: 1, community: 1 } })).toBe(MESSAGES.vibeMetrics);
    expect(createMessage({ vibeMetrics: { cafes: 50 } })).toBe(MESSAGES.vibeMetrics);
  });

  it('reports the first failing rule in the spec’s field order', () => {
    expect(createMessage({ title: '', bedrooms: 0, location: 'x' })).toBe(MESSAGES.title);
  });

  it('normalises the bidding end and accepts digit strings from form fields', () => {
    const parsed = createPropertySchema.parse({ ...valid, bedrooms: '4', biddingEndsAt: '2026-12-01T09:00:00+01:00', minBidAmount: '200' });
    expect(parsed).toMatchObject({ bedrooms: 4, biddingEndsAt: '2026-12-01T08:00:00.000Z', minBidAmount: 200 });
  });

  it('takes the edit payload with images, and vibe metrics optionally', () => {
    const edit = { ...valid, images: ['images/a.png'] };
    expect(updatePropertySchema.parse(edit)).toEqual(edit);
    expect(firstMessage(updatePropertySchema.safeParse(valid))).toBe(MESSAGES.images);
    expect(updatePropertySchema.parse({ ...edit, vibeMetrics: null }).vibeMetrics).toBeNull();
  });

  it('falls back to 1 room in the edit form', () => {
    expect(roomCountFromInput('3')).toBe(3);
    expect(roomCountFromInput('')).toBe(1);
    expect(roomCountFromInput('0')).toBe(1);
    expect(roomCountFromInput('abc')).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { PropertyBid } from '../types';
import { bidLabels, sortBids } from './compare';

function bid(id: string, createdAt: string, standing: Partial<PropertyBid> = {}): PropertyBid {
  return {
    id, propertyId: 'p1', realtorId: `r-${id}`, amount: 100, message: '', createdAt, updatedAt: createdAt, status: 'pending', statusLabel: 'Open', selected: false,
    realtorName: '', realtorProfileImage: null, seenAt: null, editCount: 0, realtorVerified: false, yearsOfExperience: 0, specialties: [], serviceAreas: [], servesListingArea: false,
    wins: 0, reviewSummary: { count: 0, average: null }, ...standing,
  };
}

const a = bid('a', '2026-11-22T10:00:00.000Z', { yearsOfExperience: 3, wins: 5, reviewSummary: { count: 1, average: 4 } });
const b = bid('b', '2026-11-23T10:00:00.000Z', { yearsOfExperience: 12, wins: 1, reviewSummary: { count: 0, average: null } });
const c = bid('c', '2026-11-24T10:00:00.000Z', { yearsOfExperience: 7, wins: 2, reviewSummary: { count: 4, average: 4.5 } });
const d = bid('d', '2026-11-25T10:00:00.000Z', { yearsOfExperience: 7, wins: 2, reviewSummary: { count: 9, average: 4 } });

describe('sortBids', () => {
  it.each([
    ['newest', ['d', 'c', 'b', 'a']],
    ['experience', ['b', 'd', 'c', 'a']],
    ['rating', ['c', 'd', 'a', 'b']],
    ['wins', ['a', 'd', 'c', 'b']],
  ] as const)('%s', (sort, ids) => {
    expect(sortBids([a, b, c, d], sort).map((x) => x.id)).toEqual(ids);
  });
});

describe('bidLabels', () => {
  it('names bids by arrival, whatever the order given', () => {
    expect([...bidLabels([d, b, a, c])].sort()).toEqual([['a', 'Bid A'], ['b', 'Bid B'], ['c', 'Bid C'], ['d', 'Bid D']]);
  });
});

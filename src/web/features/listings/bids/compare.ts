import type { PropertyBid } from '../types';

/*
 * How the owner orders and compares bids (docs/decisions/0051). Pure, so the
 * orders are tested without a browser.
 */

export const BID_SORTS = {
  newest: 'Newest',
  experience: 'Most experienced',
  rating: 'Best rated',
  wins: 'Most wins',
} as const;
export type BidSort = keyof typeof BID_SORTS;

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

const newestFirst = (a: PropertyBid, b: PropertyBid) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

const ORDERS: Record<BidSort, (a: PropertyBid, b: PropertyBid) => number> = {
  newest: newestFirst,
  experience: (a, b) => b.yearsOfExperience - a.yearsOfExperience || newestFirst(a, b),
  // Unrated last; among equal averages, the one more people rated first.
  rating: (a, b) => (b.reviewSummary.average ?? -1) - (a.reviewSummary.average ?? -1) || b.reviewSummary.count - a.reviewSummary.count || newestFirst(a, b),
  wins: (a, b) => b.wins - a.wins || newestFirst(a, b),
};

export function sortBids(bids: readonly PropertyBid[], sort: BidSort): PropertyBid[] {
  return [...bids].sort(ORDERS[sort]);
}

/**
 * A name for each bid that names no one, the same whatever the order: 'Bid A'
 * for the first to arrive, 'Bid B' for the next, and so on.
 */
export function bidLabels(bids: readonly PropertyBid[]): Map<string, string> {
  const arrival = [...bids].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return new Map(arrival.map((bid, index) => [bid.id, `Bid ${letters(index)}`]));
}

function letters(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : `${letters(Math.floor(index / 26) - 1)}${letter}`;
}

export function isBidSort(value: string): value is BidSort {
  return Object.hasOwn(BID_SORTS, value);
}

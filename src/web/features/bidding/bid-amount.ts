import { MIN_BID_AMOUNT, amountTooLow } from '../../../contract/bidding/bidding';

/** SPEC §9: the property's minimum, else 100 (never below 100); the amount field starts there. */
export function minimumBidOf(minBidAmount: number | null): number {
  return Math.max(MIN_BID_AMOUNT, minBidAmount ?? MIN_BID_AMOUNT);
}

/** The amount field's check, in the server's own words for the same rule; undefined when it passes. */
export function checkAmount(amount: string, minimum: number): string | undefined {
  const value = Number(amount);
  return amount.trim() === '' || !Number.isFinite(value) || value < minimum ? amountTooLow(minimum) : undefined;
}

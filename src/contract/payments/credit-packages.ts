/*
 * The credit packages (SPEC §9). They live on the server: the client names a
 * package by its credits and never sends a price. Plain values, so the store
 * and the landing page show the same table the server charges from without
 * loading the validation library.
 */

export interface CreditPackage {
  id: string;
  credits: number;
  /** In cents, as payments store amounts. */
  price: number;
  description: string;
  /** What the package saves against single credits, in cents; 0 for none. */
  savings: number;
  bestValue: boolean;
}

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: 'credits-1', credits: 1, price: 1500, description: 'Single bid credit', savings: 0, bestValue: false },
  { id: 'credits-3', credits: 3, price: 3600, description: '3 bid credits', savings: 900, bestValue: true },
  { id: 'credits-5', credits: 5, price: 5500, description: '5 bid credits', savings: 2000, bestValue: false },
];

export const CURRENCY = 'usd';
export const INVALID_PACKAGE = 'Choose a credit package of 1, 3 or 5 credits';

export function findPackage(credits: number): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((pkg) => pkg.credits === credits);
}

/** Cents as the spec shows money: divided by 100 with two decimals ('36.00'). */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** 'Purchased 1 credit', 'Purchased 3 credits': the ledger's reason and the toast's count read alike. */
export function creditsLabel(credits: number): string {
  return `${credits} credit${credits === 1 ? '' : 's'}`;
}

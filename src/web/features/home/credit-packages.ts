// Spec section 9. The credits issue moves these next to the purchase command.
export type CreditPackage = { credits: number; priceDollars: number; note: string; bestValue?: boolean };

export const creditPackages: readonly CreditPackage[] = [
  { credits: 1, priceDollars: 15, note: 'Single bid credit' },
  { credits: 3, priceDollars: 36, note: 'Save $9', bestValue: true },
  { credits: 5, priceDollars: 55, note: 'Save $20' },
];

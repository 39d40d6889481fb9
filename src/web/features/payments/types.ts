import type { CreditPackage } from '../../../contract/credit-packages';

/** GET /api/payments/config (docs/decisions/0017). */
export type PaymentsConfig = {
  mode: 'stripe' | 'simulated';
  publishableKey: string | null;
  returnUrl: string;
  packages: CreditPackage[];
};

/** What the purchase, confirm and simulated-confirm calls answer. */
export type PaymentAnswer = {
  success: boolean;
  credits: number | null;
  requiresAction: boolean;
  clientSecret: string | null;
  requiresPaymentMethod: boolean;
  message: string;
  status: string | null;
  paymentId: string | null;
  paymentIntentId: string | null;
  balance: number | null;
};

export type StatementKind = 'purchase' | 'bid' | 'refund' | 'admin' | 'reward' | 'reward-withdrawn';

/** GET /api/credits/statement, newest first. */
export type StatementEntry = {
  id: string;
  kind: StatementKind;
  reason: string;
  /** What the entry is about, named: the listing's title, the achievement, the package, the administrator's reason. */
  description: string;
  /** Where to look: the listing while it exists, the store for purchases. */
  href: string | null;
  delta: number;
  balanceAfter: number;
  createdAt: string;
};

/** The three test cards the simulated provider honours (Stripe's own test payment methods). */
export const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa ending 4242', outcome: 'Payments succeed' },
  { id: 'pm_card_authenticationRequired', label: 'Visa ending 3184', outcome: 'Each payment asks for card authentication' },
  { id: 'pm_card_chargeDeclined', label: 'Visa ending 0002', outcome: 'Payments are declined' },
] as const;

/** The three test cards the simulated provider honours (Stripe's own test payment methods). */
export const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa ending 4242', outcome: 'Payments succeed' },
  { id: 'pm_card_authenticationRequired', label: 'Visa ending 3184', outcome: 'Each payment asks for card authentication' },
  { id: 'pm_card_chargeDeclined', label: 'Visa ending 0002', outcome: 'Payments are declined' },
] as const;

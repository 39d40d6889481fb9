// The two session-storage entries a card payment leaves behind while the
// browser is away at the card provider (spec section 4). The store writes
// them; logout removes them, so the next person at this browser cannot resume
// someone else's payment.
export const paymentSessionKeys = {
  paymentIntent: 'payment_intent',
  clientSecret: 'payment_intent_client_secret',
} as const;

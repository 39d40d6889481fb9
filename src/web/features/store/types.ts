/** A payment waiting for the card payment dialog. */
export type PendingAuthentication = { paymentIntentId: string; clientSecret: string; summary: string };

/** The return from a card redirect: /store?payment_intent=…&payment_intent_client_secret=… */
export type PaymentReturn = { paymentIntent: string; clientSecret: string | null };

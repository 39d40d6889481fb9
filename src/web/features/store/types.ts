/** What POST /api/credits/purchase (and the confirm calls) answer (docs/decisions/0017). */
export type PurchaseAnswer = {
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

/** A payment waiting for the card payment dialog. */
export type PendingAuthentication = { paymentIntentId: string; clientSecret: string; summary: string };

/** The return from a card redirect: /store?payment_intent=…&payment_intent_client_secret=… */
export type PaymentReturn = { paymentIntent: string; clientSecret: string | null };

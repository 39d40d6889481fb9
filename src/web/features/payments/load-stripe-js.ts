// The pure entry: Stripe.js is fetched on the first call, never on import (the simulated mode loads nothing).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

// One Stripe.js load per publishable key for the page's life (it is only
// fetched when the server runs in Stripe mode; the simulated mode loads nothing).
const loads = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = loads.get(publishableKey);
  if (load === undefined) {
    load = loadStripe(publishableKey);
    loads.set(publishableKey, load);
  }
  return load;
}

import type { PurchaseAnswer } from '../contract/payments/payments';
import type { App } from '../http/app';
import { registerUser, sendJson } from './user-session';

/*
 * Card-payment fixtures over HTTP, as the store screen calls the API:
 * a realtor, a setup, a saved card (one of Stripe's test payment method ids
 * in simulated mode), and purchases.
 */

/** What the purchase and the confirm calls answer. */
export type PaymentAnswer = PurchaseAnswer;

export async function registerRealtorWithCard(app: App, paymentMethodId: string | null, overrides: Record<string, unknown> = {}) {
  const realtor = await registerUser(app, { role: 'realtor', name: 'Rita Realtor', ...overrides });
  if (paymentMethodId) await saveCard(app, realtor.cookie, paymentMethodId);
  return realtor;
}

export async function saveCard(app: App, cookie: string, paymentMethodId: string): Promise<void> {
  const setup = await sendJson(app, 'POST', '/api/payment-method/setup', {}, cookie);
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${await setup.text()}`);
  const saved = await sendJson(app, 'POST', '/api/payment-method/save', { paymentMethodId }, cookie);
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${await saved.text()}`);
}

export function purchase(app: App, cookie: string, credits: unknown, headers: Record<string, string> = {}) {
  return sendJson(app, 'POST', '/api/credits/purchase', { credits }, cookie, { headers });
}

export async function userJson(app: App, cookie: string): Promise<Record<string, unknown>> {
  return (await (await sendJson(app, 'GET', '/api/user', undefined, cookie)).json()) as Record<string, unknown>;
}

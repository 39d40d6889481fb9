// Payments this browser has shown as credited, so a return address opened again does not announce them twice.
const CREDITED_KEY = 'bidhome:credited-payment-intents';

function creditedIntents(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(CREDITED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function wasCredited(paymentIntentId: string): boolean {
  return creditedIntents().includes(paymentIntentId);
}

export function rememberCredited(paymentIntentId: string | null): void {
  if (paymentIntentId === null || wasCredited(paymentIntentId)) return;
  // The latest fifty are plenty: an old link is one of the last few purchases.
  localStorage.setItem(CREDITED_KEY, JSON.stringify([...creditedIntents(), paymentIntentId].slice(-50)));
}

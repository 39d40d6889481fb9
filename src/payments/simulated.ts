import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SavedCard } from '../contract/payments/payments';
import type { CreatePaymentInput, PaymentIntentView, PaymentProvider } from './port';
import { PaymentProviderError, paymentIdempotencyKey } from './port';

/*
 * The embedded payment provider: no network, no keys. It honours Stripe's test
 * payment methods (ARCHITECTURE, the outside contract) and is deterministic:
 * ids derive from the idempotency keys, so the same request gives the same
 * answer, as Stripe's idempotency does. Intents are kept in memory and, when a
 * folder is given (the server passes DATA_DIR/payments), one JSON file each,
 * so a redirect return after a restart still finds its intent.
 */

export const TEST_CARDS = {
  visa: 'pm_card_visa',
  authenticationRequired: 'pm_card_authenticationRequired',
  chargeDeclined: 'pm_card_chargeDeclined',
} as const;

/** What Stripe's test cards of the same names carry: the brand and last four the profile shows. */
const KNOWN_CARDS: ReadonlyMap<string, SavedCard> = new Map([
  [TEST_CARDS.visa, { brand: 'visa', last4: '4242' }],
  [TEST_CARDS.authenticationRequired, { brand: 'visa', last4: '3184' }],
  [TEST_CARDS.chargeDeclined, { brand: 'visa', last4: '0002' }],
]);

export const DECLINED_MESSAGE = 'Your card was declined.';
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
export const UNKNOWN_CARD_MESSAGE = 'Use one of the test cards: pm_card_visa, pm_card_authenticationRequired or pm_card_chargeDeclined';

const digest = (text: string, length = 24) => createHash('sha256').update(text).digest('hex').slice(0, length);

export function createSimulatedPaymentProvider(options: { dir?: string } = {}): PaymentProvider {
  const intents = new Map<string, PaymentIntentView>();

  const save = async (intent: PaymentIntentView) => {
    intents.set(intent.id, intent);
    if (!options.dir) return;
    await mkdir(options.dir, { recursive: true });
    await writeFile(join(options.dir, `${intent.id}.json`), JSON.stringify(intent));
  };

  const load = async (id: string): Promise<PaymentIntentView | null> => {
    const known = intents.get(id);
    if (known) return { ...known };
    if (!options.dir || !/^pi_sim_[0-9a-f]+$/.test(id)) return null;
    try {
      const stored = JSON.parse(await readFile(join(options.dir, `${id}.json`), 'utf8')) as PaymentIntentView;
      intents.set(id, stored);
      return { ...stored };
    } catch {
      return null;
    }
  };

  const charge = (input: CreatePaymentInput, id: string): PaymentIntentView => {
    const base: PaymentIntentView = {
      id,
      status: 'succeeded',
      amountCents: input.amountCents,
      clientSecret: `${id}_secret_${digest(`secret:${id}`, 16)}`,
      chargeId: null,
      metadata: { paymentId: input.paymentId, userId: input.userId, credits: String(input.credits) },
      failureMessage: null,
    };
    switch (input.paymentMethodId) {
      case TEST_CARDS.visa:
        return { ...base, chargeId: `ch_sim_${digest(`charge:${id}`)}` };
      case TEST_CARDS.authenticationRequired:
        return { ...base, status: 'requires_action' };
      case TEST_CARDS.chargeDeclined:
        return { ...base, status: 'requires_payment_method', failureMessage: DECLINED_MESSAGE };
      default:
        throw new PaymentProviderError('invalid', UNKNOWN_CARD_MESSAGE);
    }
  };

  return {
    mode: 'simulated',
    async createCustomer({ idempotencyKey }) {
      return { customerId: `cus_sim_${digest(idempotencyKey)}` };
    },
    async createSetupIntent({ idempotencyKey }) {
      const setupIntentId = `seti_sim_${digest(idempotencyKey)}`;
      return { setupIntentId, clientSecret: `${setupIntentId}_secret_${digest(`secret:${setupIntentId}`, 16)}` };
    },
    async attachPaymentMethod({ paymentMethodId }) {
      const card = KNOWN_CARDS.get(paymentMethodId);
      if (!card) throw new PaymentProviderError('invalid', UNKNOWN_CARD_MESSAGE);
      return { paymentMethodId, card: { ...card } };
    },
    async detachPaymentMethod() {},
    async createPayment(input) {
      const id = `pi_sim_${digest(paymentIdempotencyKey(input.paymentId))}`;
      // Idempotent: the same payment asks once and gets the first answer again.
      const existing = await load(id);
      if (existing) return existing;
      const intent = charge(input, id);
      await save(intent);
      return { ...intent };
    },
    retrievePayment: load,
    simulated: {
      async authenticate(paymentIntentId, outcome) {
        const intent = await load(paymentIntentId);
        if (!intent || intent.status !== 'requires_action') return intent;
        const next: PaymentIntentView =
          outcome === 'complete'
            ? { ...intent, status: 'succeeded', chargeId: `ch_sim_${digest(`charge:${intent.id}`)}`, failureMessage: null }
            : { ...intent, status: 'requires_payment_method', failureMessage: AUTHENTICATION_FAILED_MESSAGE };
        await save(next);
        return { ...next };
      },
    },
  };
}

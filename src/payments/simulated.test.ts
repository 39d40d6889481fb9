import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreatePaymentInput } from './port';
import { PaymentProviderError } from './port';
import { DECLINED_MESSAGE, TEST_CARDS, createSimulatedPaymentProvider } from './simulated';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop() ?? '', { recursive: true, force: true });
});

const input = (paymentMethodId: string, paymentId = crypto.randomUUID()): CreatePaymentInput => ({
  paymentId,
  userId: 'user-1',
  customerId: 'cus_sim_1',
  paymentMethodId,
  amountCents: 1500,
  credits: 1,
  currency: 'usd',
  description: 'BidHome: 1 credit',
});

describe('the simulated provider', () => {
  it('honours Stripe’s three test cards', async () => {
    const provider = createSimulatedPaymentProvider();
    expect(await provider.createPayment(input(TEST_CARDS.visa))).toMatchObject({ status: 'succeeded', chargeId: expect.stringMatching(/^ch_sim_/) });
    expect(await provider.createPayment(input(TEST_CARDS.authenticationRequired))).toMatchObject({ status: 'requires_action', clientSecret: expect.stringMatching(/^pi_sim_\w+_secret_/) });
    expect(await provider.createPayment(input(TEST_CARDS.chargeDeclined))).toMatchObject({ status: 'requires_payment_method', failureMessage: DECLINED_MESSAGE });
    await expect(provider.createPayment(input('pm_card_mastercard'))).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('is deterministic: the same payment gives the same intent, also to a fresh instance', async () => {
    const paymentId = crypto.randomUUID();
    const first = await createSimulatedPaymentProvider().createPayment(input(TEST_CARDS.visa, paymentId));
    const again = await createSimulatedPaymentProvider().createPayment(input(TEST_CARDS.visa, paymentId));
    expect(again).toEqual(first);
    expect(await createSimulatedPaymentProvider().createCustomer({ userId: 'u', email: 'e', name: 'n', idempotencyKey: 'customer-u' })).toEqual(
      await createSimulatedPaymentProvider().createCustomer({ userId: 'u', email: 'e', name: 'n', idempotencyKey: 'customer-u' }),
    );
  });

  it('finds an intent waiting for authentication after a restart when it keeps a folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simulated-payments-'));
    dirs.push(dir);
    const pending = await createSimulatedPaymentProvider({ dir }).createPayment(input(TEST_CARDS.authenticationRequired));
    const restarted = createSimulatedPaymentProvider({ dir });
    expect(await restarted.retrievePayment(pending.id)).toEqual(pending);
    expect(await restarted.simulated?.authenticate(pending.id, 'complete')).toMatchObject({ status: 'succeeded' });
    expect(await createSimulatedPaymentProvider({ dir }).retrievePayment(pending.id)).toMatchObject({ status: 'succeeded' });
    expect(await restarted.retrievePayment('pi_sim_0000')).toBeNull();
  });
});

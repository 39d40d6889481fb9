import { describe, expect, it } from 'vitest';
import { userStreamId } from '../domain/accounts/commands';
import { paymentStreamId } from '../domain/payments/payment';
import { expected } from '../event-store/port';
import { registerRealtorWithCard, userJson } from '../testing/payments';
import { testAppPerTest } from '../testing/test-app';

const app = testAppPerTest();
const at = '2026-11-22T10:00:00.000Z';

describe('the payment-credits process manager', () => {
  it('credits a succeeded payment that no request credited (a crash between the two appends), once', async () => {
    const t = await app();
    const realtor = await registerRealtorWithCard(t.app, null);
    const paymentId = crypto.randomUUID();
    const userId = realtor.user.id;
    const succeeded = { type: 'PaymentSucceeded', data: { paymentId, userId, paymentIntentId: 'pi_1', chargeId: 'ch_1', credits: 5, amountCents: 5500, at } };
    await t.deps.eventStore.append(
      paymentStreamId(paymentId),
      [
        { id: crypto.randomUUID(), type: 'PaymentCreated', data: { paymentId, userId, credits: 5, amountCents: 5500, at } },
        { id: crypto.randomUUID(), ...succeeded },
      ],
      expected.noStream,
    );
    // The reactor appends after the read models applied PaymentSucceeded; wait for its CreditsPurchased too.
    for (let i = 0; i < 50 && (await userJson(t.app, realtor.cookie)).credits !== 5; i++) {
      await t.runner.waitFor(await t.deps.eventStore.headPosition());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(5);
    // A replay of the whole log (the next boot) adds nothing more.
    await t.runner.rebuild();
    const stream = await t.deps.eventStore.readStream(userStreamId(userId));
    expect(stream.filter((e) => e.type === 'CreditsPurchased').map((e) => e.metadata.processManager)).toEqual(['payment-credits']);
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(5);
  });
});

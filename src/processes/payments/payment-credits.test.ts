import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../domain/accounts/commands';
import { paymentStreamId } from '../../domain/payments/payment';
import { expected } from '../../event-store/port';
import { createMemoryReadStore } from '../../read-store/memory';
import { registerRealtorWithCard, userJson } from '../../testing/payments';
import { processManagerNodes, until } from '../../testing/process-manager-nodes';
import { testAppPerTest } from '../../testing/test-app';
import { creditsEventId } from './payment-settlement';

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
    await until(async () => {
      await t.runner.waitFor(await t.deps.eventStore.headPosition());
      return (await userJson(t.app, realtor.cookie)).credits === 5;
    });
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(5);
    // A replay of the whole log (the next boot) adds nothing more.
    await t.runner.rebuild();
    const stream = await t.deps.eventStore.readStream(userStreamId(userId));
    expect(stream.filter((e) => e.type === 'CreditsPurchased').map((e) => e.metadata.processManager)).toEqual(['payment-credits']);
    expect((await userJson(t.app, realtor.cookie)).credits).toBe(5);
  });
});

const nodes = processManagerNodes();
type Node = Awaited<ReturnType<typeof nodes.bootNode>>;

/** A payment that succeeded while nothing credited it: the request crashed, or the store failed under it. */
async function succeedUncredited(node: Node, userId: string, credits: number): Promise<string> {
  const paymentId = crypto.randomUUID();
  const data = { paymentId, userId, credits, amountCents: credits * 1100, at };
  await node.deps.eventStore.append(
    paymentStreamId(paymentId),
    [
      { id: crypto.randomUUID(), type: 'PaymentCreated', data },
      { id: crypto.randomUUID(), type: 'PaymentSucceeded', data: { ...data, paymentIntentId: `pi_${paymentId}`, chargeId: null } },
    ],
    expected.noStream,
  );
  return paymentId;
}

const purchasesOf = async (node: Node, userId: string) => (await node.deps.eventStore.readStream(userStreamId(userId))).filter((e) => e.type === 'CreditsPurchased');
const failures = (node: Node) => node.logger.lines.filter((line) => line.msg === 'payment credit: failed, will retry');

describe('credits that fail are retried from what is owed until done', () => {
  it('credits a payment whose credit failed 4 times once the store answers again, once, after a capped backoff', async () => {
    const dir = nodes.workspace();
    const node = await nodes.bootNode(dir);
    const realtor = await registerRealtorWithCard(node.app, null);
    node.faults.failAppends({ times: Number.POSITIVE_INFINITY, streamId: userStreamId(realtor.user.id) });

    const paymentId = await succeedUncredited(node, realtor.user.id, 5);
    // Each failure is a whole command: its own re-sends of an append with an unknown outcome failed too.
    await until(() => failures(node).length >= 4);
    node.faults.heal();
    await until(async () => (await purchasesOf(node, realtor.user.id)).length === 1);
    await node.processManagers.idle();
    await node.runner.waitFor(await node.deps.eventStore.headPosition());

    expect((await purchasesOf(node, realtor.user.id)).map((e) => e.id)).toEqual([creditsEventId(paymentId)]);
    expect((await userJson(node.app, realtor.cookie)).credits).toBe(5);
    expect(failures(node).slice(0, 4).map((line) => [line.paymentId, line.userId, line.attempts, line.retryInMs])).toEqual([
      [paymentId, realtor.user.id, 1, 20],
      [paymentId, realtor.user.id, 2, 40],
      [paymentId, realtor.user.id, 3, 80],
      [paymentId, realtor.user.id, 4, 80],
    ]);
    const failed = failures(node).length;
    expect(node.logger.lines.filter((line) => line.msg === `payment credit: completed after ${failed} failed attempts`).map((line) => line.paymentId)).toEqual([paymentId]);
    expect(await node.paymentCredits.counts()).toEqual({ pending: 0, overdue: 0 });
    // Done: nothing is tried again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failures(node)).toHaveLength(failed);
  });

  it.each([
    ['rebuilt from the log (in memory)', false],
    ['kept with their checkpoints (as on MongoDB)', true],
  ])('credits at the next boot a payment whose credit was still failing when its node stopped, read models %s', async (_, kept) => {
    const dir = nodes.workspace();
    const readStore = kept ? createMemoryReadStore() : undefined;
    const firstBoot = await nodes.bootNode(dir, { ...(readStore ? { readStore } : {}) });
    const realtor = await registerRealtorWithCard(firstBoot.app, null);
    firstBoot.faults.failAppends({ times: Number.POSITIVE_INFINITY, streamId: userStreamId(realtor.user.id) });
    await succeedUncredited(firstBoot, realtor.user.id, 3);
    await until(() => failures(firstBoot).length >= 2);
    expect(await firstBoot.paymentCredits.counts()).toEqual({ pending: 1, overdue: 0 });
    await firstBoot.close();

    const secondBoot = await nodes.bootNode(dir, { ...(readStore ? { readStore } : {}) });
    await until(async () => (await purchasesOf(secondBoot, realtor.user.id)).length === 1);
    await secondBoot.processManagers.idle();
    await secondBoot.runner.waitFor(await secondBoot.deps.eventStore.headPosition());
    expect((await userJson(secondBoot.app, realtor.cookie)).credits).toBe(3);
    expect(await secondBoot.paymentCredits.counts()).toEqual({ pending: 0, overdue: 0 });
  });

  it('credits each payment once when two nodes retry the same failed credits together', async () => {
    const dir = nodes.workspace();
    const a = await nodes.bootNode(dir);
    const b = await nodes.bootNode(dir);
    const realtor = await registerRealtorWithCard(a.app, null);
    for (const node of [a, b]) node.faults.failAppends({ times: Number.POSITIVE_INFINITY, streamId: userStreamId(realtor.user.id) });
    const paid = [await succeedUncredited(a, realtor.user.id, 2), await succeedUncredited(b, realtor.user.id, 3)];
    // Both nodes hold both payments and have failed them.
    await until(async () => (await a.paymentCredits.counts()).pending === 2 && (await b.paymentCredits.counts()).pending === 2);
    await until(() => failures(a).length >= 2 && failures(b).length >= 2);

    a.faults.heal();
    b.faults.heal();
    await until(async () => (await a.paymentCredits.counts()).pending === 0 && (await b.paymentCredits.counts()).pending === 0);
    await Promise.all([a.processManagers.idle(), b.processManagers.idle()]);
    expect((await purchasesOf(a, realtor.user.id)).map((e) => e.id).sort()).toEqual(paid.map(creditsEventId).sort());
    await a.runner.waitFor(await a.deps.eventStore.headPosition());
    expect((await userJson(a.app, realtor.cookie)).credits).toBe(5);
  });
});

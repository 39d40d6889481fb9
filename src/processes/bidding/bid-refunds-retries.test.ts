import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../domain/accounts/commands';
import { createMemoryReadStore } from '../../read-store/memory';
import { REFUNDS_OWED } from '../../projections/bidding/refunds-owed';
import { withReadStoreFaults } from '../../testing/faults';
import type { BiddingApp } from '../../testing/bidding';
import { deleteListing } from '../../testing/bidding';
import { until } from '../../testing/process-manager-nodes';
import { nameToUuid } from './bid-refunds';
import { biddingOnOneListing, closes, credits, refundNodes } from '../../testing/refund-nodes';

const { workspace, bootNode, refundMails, deletedWhileNoNodeRan } = refundNodes();

const refundsIn = async (t: BiddingApp) => (await t.deps.eventStore.readAll()).filter((e) => e.type === 'BidRefunded');
const failures = (logger: { lines: Array<Record<string, unknown>> }) => logger.lines.filter((line) => line.msg === 'bid refund: failed, will retry');

describe('refunds that fail are retried from what is owed until done', () => {
  it('completes a refund that failed 4 times once the store answers again, once, with one mail, after a capped backoff', async () => {
    const dir = workspace();
    const t = await bootNode(dir);
    const { owner, first, second, propertyId, bidIds } = await biddingOnOneListing(t);
    t.faults.failAppends({ times: Number.POSITIVE_INFINITY, streamId: userStreamId(second.user.id) });

    await deleteListing(t, propertyId, owner.user.id, closes);
    // Each failure is a whole command: its own re-sends of an append with an unknown outcome failed too.
    await until(() => failures(t.logger).length >= 4);
    t.faults.heal();
    await until(async () => (await refundsIn(t)).length === 2);
    await t.processManagers.idle();
    await t.runner.waitFor(await t.deps.eventStore.headPosition());

    expect((await refundsIn(t)).map((e) => e.id).sort()).toEqual(bidIds.map((bidId) => nameToUuid(`bid-refund:${bidId}`)).sort());
    expect([await credits(t, first.cookie), await credits(t, second.cookie)]).toEqual([1, 1]);
    expect((await refundMails(t)).map((m) => m.to).sort()).toEqual([first.input.email, second.input.email].sort());
    // Logged with what is owed and for how long, retried after 20, 40, then at most 80 ms.
    const failed = failures(t.logger);
    expect(failed.slice(0, 4).map((line) => [line.bidId, line.realtorId, line.attempts, line.retryInMs])).toEqual([
      [bidIds[1], second.user.id, 1, 20],
      [bidIds[1], second.user.id, 2, 40],
      [bidIds[1], second.user.id, 3, 80],
      [bidIds[1], second.user.id, 4, 80],
    ]);
    expect(failed.every((line) => typeof line.pendingForMs === 'number' && (line.error as { message: string }).message.includes('unavailable'))).toBe(true);
    expect(t.logger.lines.filter((line) => line.msg === `bid refund: completed after ${failed.length} failed attempts`).map((line) => line.bidId)).toEqual([bidIds[1]]);
    // Nothing is owed any more, and nothing is tried again.
    expect(await t.bidRefunds.counts()).toEqual({ pending: 0, overdue: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failures(t.logger)).toHaveLength(failed.length);
  });

  it.each([
    ['rebuilt from the log (in memory)', false],
    ['kept with their checkpoints (as on MongoDB)', true],
  ])('completes at the next boot a refund that was still failing when its node stopped, read models %s', async (_, kept) => {
    const dir = workspace();
    const readStore = kept ? createMemoryReadStore() : undefined;
    const firstBoot = await bootNode(dir, { ...(readStore ? { readStore } : {}) });
    const { owner, first, second, propertyId } = await biddingOnOneListing(firstBoot);
    firstBoot.faults.failAppends({ times: Number.POSITIVE_INFINITY, streamId: userStreamId(second.user.id) });
    await deleteListing(firstBoot, propertyId, owner.user.id, closes);
    await until(async () => (await refundsIn(firstBoot)).length === 1 && failures(firstBoot.logger).length >= 2);
    expect(await firstBoot.bidRefunds.counts()).toEqual({ pending: 1, overdue: 0 });
    await firstBoot.close();

    // A new node on the same stores: its read models still owe the refund, whether replayed or resumed.
    const secondBoot = await bootNode(dir, { ...(readStore ? { readStore } : {}) });
    await until(async () => (await refundsIn(secondBoot)).length === 2);
    await secondBoot.processManagers.idle();
    await secondBoot.runner.waitFor(await secondBoot.deps.eventStore.headPosition());
    expect([await credits(secondBoot, first.cookie), await credits(secondBoot, second.cookie)]).toEqual([1, 1]);
    expect((await refundMails(secondBoot)).map((m) => m.to).sort()).toEqual([first.input.email, second.input.email].sort());
    expect(await secondBoot.bidRefunds.counts()).toEqual({ pending: 0, overdue: 0 });
  });

  it('keeps reading what is owed when its read store fails at boot, then refunds', async () => {
    const dir = workspace();
    const { first, second } = await deletedWhileNoNodeRan(dir);

    const readStore = withReadStoreFaults(createMemoryReadStore());
    readStore.faults.failCollection(REFUNDS_OWED, { operations: ['find'], times: 2 });
    const secondBoot = await bootNode(dir, { readStore });
    await until(async () => (await refundsIn(secondBoot)).length === 2);
    expect(readStore.faults.failures(REFUNDS_OWED)).toBe(2);
    const unread = secondBoot.logger.lines.filter((line) => line.msg === 'bid refund: could not read what is owed, will retry');
    expect(unread.map((line) => [line.attempts, line.retryInMs])).toEqual([
      [1, 20],
      [2, 40],
    ]);
    await secondBoot.processManagers.idle();
    await secondBoot.runner.waitFor(await secondBoot.deps.eventStore.headPosition());
    expect([await credits(secondBoot, first.cookie), await credits(secondBoot, second.cookie)]).toEqual([1, 1]);
  });

  it('refunds each bid once and mails once when two nodes retry the same failed refunds together', async () => {
    const dir = workspace();
    const a = await bootNode(dir);
    const b = await bootNode(dir);
    const { owner, first, second, propertyId } = await biddingOnOneListing(a);
    for (const node of [a, b]) {
      for (const realtor of [first, second]) node.faults.failAppends({ times: Number.POSITIVE_INFINITY, streamId: userStreamId(realtor.user.id) });
    }
    await deleteListing(a, propertyId, owner.user.id, closes);
    // Both nodes hold both refunds and have failed them.
    await until(async () => failures(a.logger).length >= 2 && failures(b.logger).length >= 2);
    expect(await a.bidRefunds.counts()).toEqual({ pending: 2, overdue: 0 });
    expect(await b.bidRefunds.counts()).toEqual({ pending: 2, overdue: 0 });

    a.faults.heal();
    b.faults.heal();
    await until(async () => (await a.bidRefunds.counts()).pending === 0 && (await b.bidRefunds.counts()).pending === 0);
    await Promise.all([a.processManagers.idle(), b.processManagers.idle()]);
    expect(await refundsIn(a)).toHaveLength(2);
    expect((await a.deps.eventStore.readAll()).filter((e) => e.type === 'RewardWithdrawn')).toHaveLength(1);
    expect((await refundMails(a, b)).map((m) => m.to).sort()).toEqual([first.input.email, second.input.email].sort());
  });

  it('counts in /metrics the refunds owed for over a minute, and logs them, until they are done', async () => {
    const dir = workspace();
    // This node's clock runs a minute and a second ahead of the log's.
    const t = await bootNode(dir, { now: () => Date.now() + 61_000 });
    const { owner, second, propertyId } = await biddingOnOneListing(t);
    t.faults.failAppends({ times: Number.POSITIVE_INFINITY, streamId: userStreamId(second.user.id) });
    await deleteListing(t, propertyId, owner.user.id, closes);
    await until(async () => failures(t.logger).length >= 4 && (await t.bidRefunds.counts()).pending === 1);

    const scrape = async () => (await t.app.request('/metrics')).text();
    expect(await scrape()).toContain('bidhome_process_manager_pending{process_manager="bid-refunds"} 1');
    expect(await scrape()).toContain('bidhome_process_manager_overdue{process_manager="bid-refunds"} 1');
    expect(await scrape()).toContain('bidhome_process_manager_overdue{process_manager="payment-credits"} 0');
    // Warned once a minute at most, while failures come every 80 ms.
    const warned = t.logger.lines.filter((line) => line.msg === 'bid refund: items still owed after a minute');
    expect(warned).toEqual([expect.objectContaining({ level: 'warn', count: 1, oldest: expect.objectContaining({ bidId: expect.any(String) }) })]);
    expect(warned[0]?.oldestForMs).toBeGreaterThanOrEqual(60_000);

    t.faults.heal();
    await until(async () => (await t.bidRefunds.counts()).pending === 0);
    expect(await scrape()).toContain('bidhome_process_manager_overdue{process_manager="bid-refunds"} 0');
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { userStreamId } from '../domain/accounts/commands';
import { account } from '../domain/accounts/decide';
import { propertyStreamId } from '../domain/listings/events';
import { handleCommand } from '../domain/shared/command-handler';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import type { Mail } from '../mail/port';
import { createProjections } from '../projections/registry';
import { createMemoryReadStore } from '../read-store/memory';
import { REFUNDS_OWED } from '../projections/refunds-owed';
import { withReadStoreFaults } from '../testing/faults';
import type { BiddingApp } from '../testing/bidding';
import { deleteListing, get, listProperty, placeBid, registerHomeowner, registerRealtor } from '../testing/bidding';
import type { NodeOptions } from '../testing/process-manager-nodes';
import { processManagerNodes, until } from '../testing/process-manager-nodes';
import { MAILS_FROM_LOG } from '../projections/mails-owed';
import { BID_REFUNDS, createBidRefundReactor, nameToUuid } from './bid-refunds';
import { createMemoryLogger } from '../http/logger';

const closes = '2099-12-06T10:00:00.000Z';
const { workspace, bootNode: boot } = processManagerNodes();
const bootNode = (dir: string, options: NodeOptions & { withoutReactor?: boolean } = {}) =>
  boot(dir, { ...options, ...(options.withoutReactor ? { projections: createProjections() } : {}) });
type Node = Awaited<ReturnType<typeof bootNode>>;
/** The refund mails of the workspace once each node's refunds and the mails they owe went out (they follow the log). */
const refundMails = async (...nodes: Node[]): Promise<Mail[]> => {
  await Promise.all(nodes.map((node) => node.mailed()));
  return (await nodes[0]!.mailed()).filter((mail) => mail.tag === 'bid-refund');
};

const credits = async (t: BiddingApp, cookie: string) => ((await (await get(t, '/api/user', cookie)).json()) as { credits: number }).credits;

async function biddingOnOneListing(t: BiddingApp) {
  const owner = await registerHomeowner(t);
  const first = await registerRealtor(t, 1);
  const second = await registerRealtor(t, 1);
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Sunny loft' });
  const kept = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Kept' });
  const bidIds: string[] = [];
  for (const realtor of [first, second]) bidIds.push(((await (await placeBid(t, realtor.cookie, propertyId)).json()) as { id: string }).id);
  await placeBid(t, first.cookie, kept);
  return { owner, first, second, propertyId, kept, bidIds };
}

describe('refunds when a listing is deleted', () => {
  it('gives every bidder the credit back once, with a deterministic event id and one mail each', async () => {
    const dir = workspace();
    const t = await bootNode(dir);
    const { owner, first, second, propertyId, bidIds } = await biddingOnOneListing(t);
    // first: 1 - 1 + 1 (First Bid) - 1 = 0; second: 1 - 1 + 1 = 1.
    expect([await credits(t, first.cookie), await credits(t, second.cookie)]).toEqual([0, 1]);

    await deleteListing(t, propertyId, owner.user.id, closes, 'Sunny loft');
    await t.bidRefunds.idle();
    await t.runner.waitFor(await t.deps.eventStore.headPosition());

    // first keeps First Bid on the bid that stands; second's only bid went, and its First Bid reward with it.
    expect([await credits(t, first.cookie), await credits(t, second.cookie)]).toEqual([1, 1]);
    for (const [i, realtor] of [first, second].entries()) {
      const refunds = (await t.deps.eventStore.readStream(userStreamId(realtor.user.id))).filter((e) => e.type === 'BidRefunded');
      expect(refunds.map((e) => [e.id, (e.data as { reason: string }).reason])).toEqual([[nameToUuid(`bid-refund:${bidIds[i]}`), 'Property deleted']]);
    }
    // The withdrawal comes in the refund's append, with an id derived from the same name, so a replay adds none.
    const withdrawals = (await t.deps.eventStore.readAll()).filter((e) => e.type === 'RewardWithdrawn');
    expect(withdrawals.map((e) => [e.streamId, e.id, (e.data as { reason: string }).reason])).toEqual([
      [userStreamId(second.user.id), nameToUuid(`bid-refund:${bidIds[1]}:RewardWithdrawn:1`), 'First Bid reward withdrawn: its bid was refunded'],
    ]);
    const mails = await refundMails(t);
    expect(mails.map((m) => m.to).sort()).toEqual([first.input.email, second.input.email].sort());
    expect(mails[0]?.subject).toBe('Your credit for "Sunny loft" was refunded');
    expect(mails[0]?.text).toContain('The credit you spent on your bid is back in your account.');
    expect(mails[0]?.html).toContain('Sunny loft');
    // The deleted listing's bid stays in the realtor's list, refunded, under its title; the other listing's bid stands.
    const left = (await (await get(t, '/api/bids', first.cookie)).json()) as Array<{ propertyTitle: string; status: string; statusLabel: string; propertyDeleted: boolean }>;
    expect(left.map((b) => [b.propertyTitle, b.status, b.statusLabel, b.propertyDeleted])).toEqual(
      expect.arrayContaining([
        ['Kept', 'pending', 'Open', false],
        ['Sunny loft', 'failed', 'Refunded', true],
      ]),
    );
    expect(left).toHaveLength(2);
  });

  it('neither refunds nor mails again when the node restarts and replays the log', async () => {
    const dir = workspace();
    const firstBoot = await bootNode(dir);
    const { owner, first, propertyId } = await biddingOnOneListing(firstBoot);
    await deleteListing(firstBoot, propertyId, owner.user.id, closes);
    await firstBoot.bidRefunds.idle();
    await firstBoot.close();
    const head = await (async () => {
      const store = createSqliteEventStore({ path: join(dir, 'events.db') });
      const position = await store.headPosition();
      await store.close();
      return position;
    })();

    const secondBoot = await bootNode(dir);
    await secondBoot.bidRefunds.idle();
    expect(await secondBoot.deps.eventStore.headPosition()).toBe(head);
    expect(await refundMails(secondBoot)).toHaveLength(2);
    expect(await credits(secondBoot, first.cookie)).toBe(1);
  });

  it('refunds at the next boot a deletion that happened while no node ran, once', async () => {
    const dir = workspace();
    const firstBoot = await bootNode(dir);
    const { owner, first, second, propertyId } = await biddingOnOneListing(firstBoot);
    await firstBoot.close();
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const deleted = { propertyId, ownerId: owner.user.id, title: 'Sunny loft', biddingEndsAt: closes, images: [], at: new Date().toISOString() };
    await store.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyDeleted', data: deleted }], expected.streamExists);
    await store.close();

    const secondBoot = await bootNode(dir);
    await secondBoot.bidRefunds.idle();
    await secondBoot.runner.waitFor(await secondBoot.deps.eventStore.headPosition());
    expect([await credits(secondBoot, first.cookie), await credits(secondBoot, second.cookie)]).toEqual([1, 1]);
    await secondBoot.close();
    const thirdBoot = await bootNode(dir);
    await thirdBoot.bidRefunds.idle();
    expect(await refundMails(thirdBoot)).toHaveLength(2);
  });

  it('mails once when two nodes follow the same log and both react', async () => {
    const dir = workspace();
    const a = await bootNode(dir);
    const b = await bootNode(dir);
    const { owner, propertyId } = await biddingOnOneListing(a);
    await deleteListing(a, propertyId, owner.user.id, closes);
    // Node b sees a's appends through the file (a poll of 250 ms), then reacts too.
    const head = await a.deps.eventStore.headPosition();
    await a.runner.waitFor(await a.deps.eventStore.headPosition());
    expect(await b.runner.waitFor(head, 5000)).toBe(true);
    await Promise.all([a.bidRefunds.idle(), b.bidRefunds.idle()]);
    const refunds = (await a.deps.eventStore.readAll()).filter((e) => e.type === 'BidRefunded');
    expect(refunds).toHaveLength(2);
    expect((await a.deps.eventStore.readAll()).filter((e) => e.type === 'RewardWithdrawn')).toHaveLength(1);
    expect(await refundMails(a, b)).toHaveLength(2);
  });

  it('owes one mail per refund when two react to the same deletion at once', async () => {
    const dir = workspace();
    const t = await bootNode(dir, { withoutReactor: true });
    const { owner, propertyId } = await biddingOnOneListing(t);
    await deleteListing(t, propertyId, owner.user.id, closes);
    const [deletion] = (await t.deps.eventStore.readStream(propertyStreamId(propertyId))).filter((e) => e.type === 'PropertyDeleted');
    const reactors = [1, 2].map(() =>
      createBidRefundReactor({
        eventStore: t.deps.eventStore,
        readStore: t.deps.readStore,
        logger: createMemoryLogger(),
      }),
    );
    // Both read the streams before either appends: the second append is the store's idempotent no-op.
    await Promise.all(reactors.map((reactor) => reactor.apply(deletion!, t.deps.readStore)));
    await Promise.all(reactors.map((reactor) => reactor.idle()));
    expect((await t.deps.eventStore.readAll()).filter((e) => e.type === 'BidRefunded')).toHaveLength(2);
    // Both appends carry one event id per bid: the log owes one mail each, sent by the node's mail process.
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    await t.mailSender.catchUp();
    expect(await refundMails(t)).toHaveLength(2);
  });

  it('mails at the next start a refund whose node stopped between the refund and its mail, once', async () => {
    const dir = workspace();
    const firstBoot = await bootNode(dir);
    const { first, bidIds } = await biddingOnOneListing(firstBoot);
    await firstBoot.close();
    // The refund process's append landed and its node died before any mail: the log alone says the mail is owed.
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const command = { type: 'RefundBid' as const, bidId: bidIds[0]!, reason: 'Property deleted', at: new Date().toISOString() };
    await handleCommand(store, userStreamId(first.user.id), account, command, { metadata: { processManager: BID_REFUNDS, mails: MAILS_FROM_LOG } });
    await store.close();

    const secondBoot = await bootNode(dir);
    const mails = await refundMails(secondBoot);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[first.input.email, 'Your credit for "Sunny loft" was refunded']]);
    expect(mails[0]?.text).toContain('The homeowner deleted the listing "Sunny loft", together with its bids.');
    await secondBoot.close();
    // The next start finds it recorded sent: nothing more.
    const thirdBoot = await bootNode(dir);
    expect(await refundMails(thirdBoot)).toHaveLength(1);
    expect((await thirdBoot.deps.eventStore.readAll()).filter((e) => e.type === 'MailSent')).toHaveLength(1);
  });

  it('refunds a bid that landed just after its listing was deleted', async () => {
    const dir = workspace();
    const t = await bootNode(dir);
    const owner = await registerHomeowner(t);
    const realtor = await registerRealtor(t, 2);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes });
    await deleteListing(t, propertyId, owner.user.id, closes);
    // Decided on a snapshot read just before the deletion: the two streams raced.
    const stale = { exists: true, ownerId: owner.user.id, isActive: true, biddingEndsAt: closes, minBidAmount: 100 };
    const { position } = await handleCommand(t.deps.eventStore, userStreamId(realtor.user.id), account, {
      type: 'PlaceBid',
      bidId: crypto.randomUUID(),
      propertyId,
      amount: 100,
      property: stale,
      realtorApproved: true,
      at: new Date().toISOString(),
    });
    await t.runner.waitFor(position);
    await t.bidRefunds.idle();
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    const types = (await t.deps.eventStore.readStream(userStreamId(realtor.user.id))).map((e) => e.type);
    expect(types.slice(-4)).toEqual(['BidPlaced', 'RewardGranted', 'BidRefunded', 'RewardWithdrawn']);
    expect(await credits(t, realtor.cookie)).toBe(2);
    expect(await refundMails(t)).toHaveLength(1);
  });
});

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
    const firstBoot = await bootNode(dir);
    const { owner, first, second, propertyId } = await biddingOnOneListing(firstBoot);
    await firstBoot.close();
    // Deleted while no node ran: the next boot owes both refunds.
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const deleted = { propertyId, ownerId: owner.user.id, title: 'Sunny loft', biddingEndsAt: closes, images: [], at: new Date().toISOString() };
    await store.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyDeleted', data: deleted }], expected.streamExists);
    await store.close();

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

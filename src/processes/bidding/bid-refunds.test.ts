import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../domain/accounts/commands';
import { account } from '../../domain/accounts/decide';
import { propertyStreamId } from '../../domain/listings/events';
import { handleCommand } from '../../domain/shared/command-handler';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { deleteListing, get, listProperty, registerHomeowner, registerRealtor } from '../../testing/bidding';
import { MAILS_FROM_LOG } from '../../projections/notifications/mails-owed';
import { BID_REFUNDS, createBidRefundReactor, nameToUuid } from './bid-refunds';
import { createMemoryLogger } from '../../http/platform/logger';
import { biddingOnOneListing, closes, credits, refundNodes } from '../../testing/refund-nodes';

const { workspace, bootNode, refundMails, deletedWhileNoNodeRan } = refundNodes();

describe('nameToUuid', () => {
  it('derives the ids it always derived: the log and retried requests hold them', () => {
    expect(nameToUuid('refund:abc')).toBe('14fa4314-4d6e-56ec-94dc-043c937c0c09');
    expect(nameToUuid('é✓')).toBe('d5785eb1-5d69-598a-affc-d2f48db99e24');
  });
});

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
    const { first, second } = await deletedWhileNoNodeRan(dir);

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

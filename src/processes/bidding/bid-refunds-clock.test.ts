import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../domain/accounts/commands';
import { account } from '../../domain/accounts/decide';
import { REFUND_NO_CHOICE_REASON, REFUND_REASON, REFUND_UNSEEN_REASON } from '../../domain/bidding/policies';
import { handleCommand } from '../../domain/shared/command-handler';
import type { RecordedEvent } from '../../event-store/port';
import type { Mail } from '../../mail/port';
import type { BiddingApp } from '../../testing/bidding';
import { deleteListing, get, listProperty, placeBid, registerHomeowner, registerRealtor } from '../../testing/bidding';
import { processManagerNodes, until } from '../../testing/process-manager-nodes';
import { sendJson } from '../../testing/user-session';
import { nameToUuid } from './bid-refunds';

/*
 * The refunds the clock brings (docs/decisions/0059): a bid the owner never
 * opened by the close, and every bid still standing 7 days after a close with
 * no realtor chosen. One clock drives the app and the process managers.
 */

const DAY = 24 * 60 * 60 * 1000;
// Near the real time: what the log records (recordedAt) and this clock must agree, as they do in production.
const closes = new Date(Date.now() + DAY).toISOString();
const { workspace, bootNode } = processManagerNodes();

/** The real clock, moved forward by `set`: it keeps running, so the log's times never run ahead of it. */
function sharedClock() {
  let offset = 0;
  const now = () => Date.now() + offset;
  return { now, clock: () => new Date(now()), set: (iso: string, plusMs = 0) => (offset = Date.parse(iso) + plusMs - Date.now()) };
}

type Node = Awaited<ReturnType<typeof bootNode>>;
/** The refund mails of the workspace once each node's refunds and the mails they owe went out (they follow the log). */
const refundMails = async (...nodes: Node[]): Promise<Mail[]> => {
  await Promise.all(nodes.map((node) => node.mailed()));
  return (await nodes[0]!.mailed()).filter((mail) => mail.tag === 'bid-refund');
};
const refundsOf = async (t: BiddingApp, realtorId: string) =>
  (await t.deps.eventStore.readStream(userStreamId(realtorId))).filter((e): e is RecordedEvent => e.type === 'BidRefunded');
const reasonOf = (event: RecordedEvent | undefined) => (event?.data as { reason?: string } | undefined)?.reason;
const idOf = async (res: Response) => ((await res.json()) as { id: string }).id;

/** A listing closing in a day; `seen` bids first and the owner opens them, then `unseen` bid. */
async function listingWithBids(t: BiddingApp, counts: { seen: number; unseen: number }) {
  const owner = await registerHomeowner(t);
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Harbour flat' });
  const seen = [];
  for (let i = 0; i < counts.seen; i += 1) {
    const realtor = await registerRealtor(t, 2);
    seen.push({ realtor, bidId: await idOf(await placeBid(t, realtor.cookie, propertyId)) });
  }
  if (counts.seen > 0) expect((await get(t, `/api/properties/${propertyId}/bids`, owner.cookie)).status).toBe(200);
  const unseen = [];
  for (let i = 0; i < counts.unseen; i += 1) {
    const realtor = await registerRealtor(t, 2);
    unseen.push({ realtor, bidId: await idOf(await placeBid(t, realtor.cookie, propertyId)) });
  }
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
  return { owner, propertyId, seen, unseen };
}

async function settle(t: BiddingApp & { bidRefunds: { catchUp(): Promise<void>; idle(): Promise<void> } }) {
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
  await t.bidRefunds.catchUp();
  await t.bidRefunds.idle();
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
}

describe('the refund of a bid the owner never opened by the close', () => {
  it('refunds the unseen bid at the close, once, says why on the statement and in the mail, and leaves it selectable', async () => {
    const dir = workspace();
    const time = sharedClock();
    const t = await bootNode(dir, { now: time.now, clock: time.clock });
    const { owner, propertyId, seen, unseen } = await listingWithBids(t, { seen: 1, unseen: 1 });
    const [opened] = seen;
    const [missed] = unseen;

    // Before the close nothing is due.
    await settle(t);
    expect(await refundsOf(t, missed!.realtor.user.id)).toEqual([]);

    time.set(closes, 1000);
    await settle(t);
    const refunds = await refundsOf(t, missed!.realtor.user.id);
    expect(refunds.map((e) => [e.id, reasonOf(e)])).toEqual([[nameToUuid(`bid-refund:${missed!.bidId}`), REFUND_UNSEEN_REASON]]);
    expect(await refundsOf(t, opened!.realtor.user.id)).toEqual([]);
    // Another pass refunds nothing more.
    await settle(t);
    expect(await refundsOf(t, missed!.realtor.user.id)).toHaveLength(1);

    const statement = (await (await get(t, '/api/credits/statement', missed!.realtor.cookie)).json()) as Array<{ kind: string; description: string; delta: number }>;
    expect(statement.find((entry) => entry.kind === 'refund')).toMatchObject({
      delta: 1,
      description: `Refund of your bid on “Harbour flat”: ${REFUND_UNSEEN_REASON}`,
    });
    const mails = await refundMails(t);
    expect(mails.map((m) => m.to)).toEqual([missed!.realtor.input.email]);
    expect(mails[0]?.text).toContain('Bidding on "Harbour flat" closed before the homeowner opened your bid.');

    // The realtors' lists: one seen, one given back and still standing.
    const [openedView] = (await (await get(t, '/api/bids', opened!.realtor.cookie)).json()) as Array<{ seenAt: string | null; creditReturned: unknown }>;
    expect(openedView).toMatchObject({ seenAt: expect.any(String), creditReturned: null });
    const [missedView] = (await (await get(t, '/api/bids', missed!.realtor.cookie)).json()) as Array<{ seenAt: string | null; statusLabel: string; creditReturned: unknown }>;
    expect(missedView).toMatchObject({ seenAt: null, statusLabel: 'Awaiting the owner’s choice', creditReturned: { reason: REFUND_UNSEEN_REASON } });
    // The owner still sees both bids and may select the refunded one.
    expect(((await (await get(t, `/api/properties/${propertyId}/bids`, owner.cookie)).json()) as unknown[]).length).toBe(2);
    const selected = await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: missed!.bidId }, owner.cookie);
    expect(selected.status).toBe(200);
  });

  it('wakes for the close by itself, with no pass asked for', async () => {
    const dir = workspace();
    const t = await bootNode(dir);
    const owner = await registerHomeowner(t);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: new Date(Date.now() + 1500).toISOString(), title: 'Soon closed' });
    const realtor = await registerRealtor(t, 2);
    expect((await placeBid(t, realtor.cookie, propertyId)).status).toBe(201);
    await until(async () => (await refundsOf(t, realtor.user.id)).length === 1);
    expect(reasonOf((await refundsOf(t, realtor.user.id))[0])).toBe(REFUND_UNSEEN_REASON);
  });

  it('refunds once when two nodes both find it due', async () => {
    const dir = workspace();
    const time = sharedClock();
    const a = await bootNode(dir, { now: time.now, clock: time.clock });
    const b = await bootNode(dir, { now: time.now, clock: time.clock });
    const { unseen } = await listingWithBids(a, { seen: 0, unseen: 2 });
    expect(await b.runner.waitFor(await a.deps.eventStore.headPosition(), 5000)).toBe(true);
    time.set(closes, 1000);
    await Promise.all([settle(a), settle(b)]);
    await Promise.all([settle(a), settle(b)]);
    for (const { realtor } of unseen) expect(await refundsOf(a, realtor.user.id)).toHaveLength(1);
    expect(await refundMails(a, b)).toHaveLength(2);
  });

  it('refunds once across a restart in the middle: the close passed while no node ran', async () => {
    const dir = workspace();
    const time = sharedClock();
    const first = await bootNode(dir, { now: time.now, clock: time.clock });
    const { unseen } = await listingWithBids(first, { seen: 0, unseen: 1 });
    await first.close();
    time.set(closes, 60_000);
    const second = await bootNode(dir, { now: time.now, clock: time.clock });
    await settle(second);
    await second.close();
    const third = await bootNode(dir, { now: time.now, clock: time.clock });
    await settle(third);
    expect(await refundsOf(third, unseen[0]!.realtor.user.id)).toHaveLength(1);
    expect(await refundMails(third)).toHaveLength(1);
  });

  it('refunds once in all a bid refunded with its deleted listing before the close', async () => {
    const dir = workspace();
    const time = sharedClock();
    const t = await bootNode(dir, { now: time.now, clock: time.clock });
    const { owner, propertyId, unseen } = await listingWithBids(t, { seen: 0, unseen: 1 });
    const { realtor, bidId } = unseen[0]!;
    await deleteListing(t, propertyId, owner.user.id, closes, 'Harbour flat');
    await settle(t);
    time.set(closes, 1000);
    await settle(t);
    // Even asked straight, the account refuses a second refund of the bid.
    const again = await handleCommand(t.deps.eventStore, userStreamId(realtor.user.id), account, { type: 'RefundBid', bidId, reason: REFUND_UNSEEN_REASON, at: closes });
    expect(again.events).toEqual([]);
    expect((await refundsOf(t, realtor.user.id)).map(reasonOf)).toEqual([REFUND_REASON]);
    expect(await refundMails(t)).toHaveLength(1);
  });
});

describe('the refund of every bid 7 days after a close with no realtor chosen', () => {
  it('refunds the seen bids when the 7 days pass, not before, once', async () => {
    const dir = workspace();
    const time = sharedClock();
    const t = await bootNode(dir, { now: time.now, clock: time.clock });
    const { seen } = await listingWithBids(t, { seen: 2, unseen: 0 });
    time.set(closes, 1000);
    await settle(t);
    time.set(closes, 7 * DAY - 1000);
    await settle(t);
    for (const { realtor } of seen) expect(await refundsOf(t, realtor.user.id)).toEqual([]);
    time.set(closes, 7 * DAY + 1000);
    await settle(t);
    await settle(t);
    for (const { realtor } of seen) expect((await refundsOf(t, realtor.user.id)).map(reasonOf)).toEqual([REFUND_NO_CHOICE_REASON]);
    expect((await refundMails(t))[0]?.text).toContain('The homeowner of "Harbour flat" chose no realtor within 7 days of the close.');
  });

  it('refunds nothing after 7 days when the owner chose a realtor', async () => {
    const dir = workspace();
    const time = sharedClock();
    const t = await bootNode(dir, { now: time.now, clock: time.clock });
    const { owner, propertyId, seen } = await listingWithBids(t, { seen: 2, unseen: 0 });
    time.set(closes, 1000);
    const chosen = await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: seen[0]!.bidId }, owner.cookie);
    expect(chosen.status).toBe(200);
    time.set(closes, 8 * DAY);
    await settle(t);
    for (const { realtor } of seen) expect(await refundsOf(t, realtor.user.id)).toEqual([]);
    expect(await refundMails(t)).toEqual([]);
  });

  it('refunds every bid, the chosen one too, when the owner deletes the listing after choosing', async () => {
    const dir = workspace();
    const time = sharedClock();
    const t = await bootNode(dir, { now: time.now, clock: time.clock });
    const { owner, propertyId, seen } = await listingWithBids(t, { seen: 2, unseen: 0 });
    time.set(closes, 1000);
    expect((await sendJson(t.app, 'POST', `/api/properties/${propertyId}/select-bid`, { bidId: seen[0]!.bidId }, owner.cookie)).status).toBe(200);
    await settle(t);
    await deleteListing(t, propertyId, owner.user.id, closes, 'Harbour flat');
    await settle(t);
    for (const { realtor } of seen) expect((await refundsOf(t, realtor.user.id)).map(reasonOf)).toEqual([REFUND_REASON]);
    expect(await refundMails(t)).toHaveLength(2);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { userStreamId } from '../../domain/accounts/commands';
import { account } from '../../domain/accounts/decide';
import { handleCommand } from '../../domain/shared/command-handler';
import { composeApp } from '../../http/compose';
import { createMemoryLogger } from '../../http/platform/logger';
import type { Mail, Mailer } from '../../mail/port';
import { BID_MAILS_OWED, type BidMailOwedDoc } from '../../projections/notifications/bid-mails-owed';
import { createMemoryReadStore } from '../../read-store/memory';
import { listProperty, placeBid, registerHomeowner, registerRealtor } from '../../testing/bidding';
import { until } from '../../testing/process-manager-nodes';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { OVERDUE_AFTER_MS } from '../owed-work';
import { SENDING_AT_ONCE } from './bid-mails';

const FAR = '2099-01-01T00:00:00.000Z';

let t: TestApp;
let dir: string;
// What the other nodes mailed; the test app's own mails are in its outbox.
let sent: Mail[] = [];
const recording: Mailer = {
  async send(mail) {
    sent.push(mail);
  },
  async forgetRecipient() {
    return 0;
  },
};
const nodes: Array<Awaited<ReturnType<typeof composeApp>>> = [];

afterEach(async () => {
  for (const node of nodes.splice(0)) {
    await node.runner.stop();
    await node.processManagers.stop();
  }
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Another node on the test app's log, with read models of its own, a clock `aheadMs` ahead and its own outbox. */
async function node(options: { aheadMs?: number; mailer?: Mailer } = {}) {
  const composed = await composeApp({
    eventStore: t.rawEventStore,
    readStore: createMemoryReadStore(),
    mailer: options.mailer ?? recording,
    logger: createMemoryLogger(),
    clock: () => new Date(),
    env: { publicUrl: TEST_ORIGIN, RATE_LIMITS: 'off', SUPPORT_EMAIL: undefined, ADMIN_EMAIL: undefined },
    sessionSecret: 'test-secret-'.repeat(4),
    personalKeys: t.personalKeys,
    processManagers: { retry: { firstMs: 5, maxMs: 20 }, now: () => Date.now() + (options.aheadMs ?? 0) },
  });
  nodes.push(composed);
  return composed;
}

/** The owner mails about bids to `to`, from every node. */
const received = (to: string) => [...t.outbox(), ...sent].filter((mail) => mail.tag === 'bid-received' && mail.to === to);

async function market() {
  dir = await mkdtemp(join(tmpdir(), 'bid-mails-'));
  sent = [];
  t = await createTestApp();
  const owner = await registerHomeowner(t, { name: 'Olive Owner' });
  const realtor = await registerRealtor(t, 10, { name: 'Rita Realtor' });
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: FAR, title: 'Maple Cottage' });
  return { owner, realtor, propertyId };
}

/** A bid whose request was taken by a node that stopped before it mailed: its event names that node. */
async function bidFromStoppedNode(realtorId: string, propertyId: string) {
  const bidId = crypto.randomUUID();
  const property = { exists: true, ownerId: null, isActive: true, biddingEndsAt: FAR, minBidAmount: 100 };
  const facts = await t.deps.eventStore.readStream(`property-${propertyId}`);
  const ownerId = (facts[0]?.data as { ownerId: string }).ownerId;
  const { position } = await handleCommand(
    t.deps.eventStore,
    userStreamId(realtorId),
    account,
    { type: 'PlaceBid', bidId, propertyId, amount: 200, property: { ...property, ownerId }, realtorApproved: true, at: new Date().toISOString() },
    { metadata: { node: 'a-node-that-stopped' } },
  );
  await t.runner.waitFor(position);
  return bidId;
}

describe('the owner mail of a new bid', () => {
  it('goes once, from the node that took the bid, and is recorded so that no start sends it again', async () => {
    const { owner, realtor, propertyId } = await market();
    const other = await node();
    const res = await placeBid(t, realtor.cookie, propertyId, { amount: 150 });
    expect(res.status).toBe(201);
    const { id: bidId } = (await res.json()) as { id: string };
    await t.processManagers.idle();
    expect(received(owner.input.email).map((mail) => mail.subject)).toEqual(['New bid on "Maple Cottage"']);

    const head = await t.deps.eventStore.headPosition();
    const recorded = (await t.deps.eventStore.readAll()).filter((event) => event.type === 'BidMailsSent');
    expect(recorded.map((event) => event.data)).toEqual([{ bidIds: [bidId], at: expect.any(String) }]);
    await other.runner.waitFor(head);
    expect(await other.deps.readStore.collection<BidMailOwedDoc>(BID_MAILS_OWED).findOne({ _id: bidId })).toMatchObject({ doneAt: expect.any(String) });

    // A start later, past the time another node would take it over: the log says it was sent.
    const later = await node({ aheadMs: OVERDUE_AFTER_MS + 60_000 });
    await later.processManagers.idle();
    await other.processManagers.idle();
    expect(received(owner.input.email)).toHaveLength(1);
  });

  it('owed by a node that stopped, goes from another once it is overdue, once', async () => {
    const { owner, realtor, propertyId } = await market();
    const bidId = await bidFromStoppedNode(realtor.user.id, propertyId);
    // Another node's mail, not yet overdue: not this node's to send.
    const soon = await node();
    await soon.processManagers.idle();
    await t.processManagers.idle();
    expect(received(owner.input.email)).toEqual([]);

    const late = await node({ aheadMs: OVERDUE_AFTER_MS + 1000 });
    await late.runner.waitFor(await t.deps.eventStore.headPosition());
    await late.processManagers.idle();
    expect(received(owner.input.email).map((mail) => mail.text)).toEqual([expect.stringContaining('$200')]);
    const recorded = (await t.deps.eventStore.readAll()).filter((event) => event.type === 'BidMailsSent');
    expect(recorded.map((event) => (event.data as { bidIds: string[] }).bidIds)).toEqual([[bidId]]);
  });

  it('owed for many bids, go a few at a time, each once', async () => {
    const { owner, realtor, propertyId } = await market();
    const propertyIds = [propertyId];
    for (let i = 1; i < 10; i++) propertyIds.push(await listProperty(t, owner.user.id, { biddingEndsAt: FAR, title: `Cottage ${i}` }));
    const bidIds: string[] = [];
    for (const id of propertyIds) bidIds.push(await bidFromStoppedNode(realtor.user.id, id));
    let inFlight = 0;
    let mostAtOnce = 0;
    const slow: Mailer = {
      ...recording,
      async send(mail) {
        mostAtOnce = Math.max(mostAtOnce, ++inFlight);
        // As a provider's API answers: a while later.
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        await recording.send(mail);
      },
    };
    const late = await node({ aheadMs: OVERDUE_AFTER_MS + 1000, mailer: slow });
    await until(() => received(owner.input.email).length >= bidIds.length);
    await late.processManagers.idle();
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(SENDING_AT_ONCE);
    expect(received(owner.input.email)).toHaveLength(bidIds.length);
    const recorded = async () => (await t.deps.eventStore.readAll()).filter((event) => event.type === 'BidMailsSent').flatMap((event) => (event.data as { bidIds: string[] }).bidIds);
    await until(async () => (await recorded()).length >= bidIds.length);
    expect((await recorded()).sort()).toEqual([...bidIds].sort());
  });

  it('refused by the mail provider, is tried again until it goes', async () => {
    const { owner, realtor, propertyId } = await market();
    let refusals = 2;
    const flaky: Mailer = {
      ...recording,
      async send(mail) {
        if (refusals-- > 0) throw new Error('provider unavailable');
        await recording.send(mail);
      },
    };
    await bidFromStoppedNode(realtor.user.id, propertyId);
    const late = await node({ aheadMs: OVERDUE_AFTER_MS + 1000, mailer: flaky });
    const head = await t.deps.eventStore.headPosition();
    // The sweep retries after 5 ms, then 10 ms, until the mail goes and its record is in the log.
    await until(async () => (await t.deps.eventStore.headPosition()) !== head);
    await late.processManagers.idle();
    expect(refusals).toBe(-1);
    expect(received(owner.input.email)).toHaveLength(1);
    expect((await t.deps.eventStore.readAll()).filter((event) => event.type === 'BidMailsSent')).toHaveLength(1);
  });
});

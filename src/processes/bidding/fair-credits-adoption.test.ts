import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../domain/accounts/commands';
import { FAIR_CREDITS_STREAM, fairCreditsAdoption } from '../../domain/bidding/adoption';
import { biddingClosedStreamId } from '../../domain/bidding/close';
import { handleCommand } from '../../domain/shared/command-handler';
import { createSqliteEventStore } from '../../event-store/sqlite';
import type { BiddingApp } from '../../testing/bidding';
import { listProperty, placeBid, registerHomeowner, registerRealtor } from '../../testing/bidding';
import { processManagerNodes } from '../../testing/process-manager-nodes';

/*
 * A log that held bids before the fair-credit rules (domain/bidding/adoption.ts):
 * the first start that knows the rules marks the log before its processes run,
 * and the bids placed before the mark are neither refunded as unseen nor their
 * long-closed listings announced as closing now. Bids after it follow the rules.
 */

const DAY = 24 * 60 * 60 * 1000;
const { workspace, bootNode } = processManagerNodes();

function sharedClock() {
  let offset = 0;
  const now = () => Date.now() + offset;
  return { now, clock: () => new Date(now()), set: (iso: string, plusMs = 0) => (offset = Date.parse(iso) + plusMs - Date.now()) };
}

type Node = Awaited<ReturnType<typeof bootNode>>;

async function settle(t: Node) {
  for (let round = 0; round < 2; round += 1) {
    await t.runner.waitFor(await t.deps.eventStore.headPosition());
    await Promise.all([t.bidRefunds.catchUp(), t.biddingCloses.catchUp()]);
    await t.processManagers.idle();
  }
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
}

const refundsOf = async (t: BiddingApp, realtorId: string) => (await t.deps.eventStore.readStream(userStreamId(realtorId))).filter((e) => e.type === 'BidRefunded');

async function listingWithOneBid(t: Node, closes: string) {
  const owner = await registerHomeowner(t);
  const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Harbour flat' });
  const realtor = await registerRealtor(t, 2);
  expect((await placeBid(t, realtor.cookie, propertyId)).status).toBe(201);
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
  return { propertyId, realtorId: realtor.user.id };
}

/** What the server does at start (src/http/server.ts), before the read models and the processes. */
async function startKnowingTheRules(dir: string, at: Date) {
  const eventStore = createSqliteEventStore({ path: join(dir, 'events.db') });
  await handleCommand(eventStore, FAIR_CREDITS_STREAM, fairCreditsAdoption, { type: 'AdoptFairCredits', at: at.toISOString() });
  await eventStore.close();
}

describe('a log that held bids before the fair-credit rules', () => {
  it('refunds none of its past bids and announces no past close, and applies the rules to the bids after', async () => {
    const dir = workspace();
    const time = sharedClock();
    const closes = new Date(Date.now() + DAY).toISOString();
    const before = await bootNode(dir, { now: time.now, clock: time.clock });
    const past = await listingWithOneBid(before, closes);
    await before.close();

    // Deployed after that listing closed, unseen.
    time.set(closes, DAY);
    await startKnowingTheRules(dir, time.clock());
    await startKnowingTheRules(dir, time.clock());
    const t = await bootNode(dir, { now: time.now, clock: time.clock });
    await settle(t);
    expect(await refundsOf(t, past.realtorId)).toEqual([]);
    expect(await t.deps.eventStore.readStream(biddingClosedStreamId(past.propertyId))).toEqual([]);
    expect(await t.deps.eventStore.readStream(FAIR_CREDITS_STREAM)).toHaveLength(1);

    const closesLater = new Date(time.now() + DAY).toISOString();
    const after = await listingWithOneBid(t, closesLater);
    time.set(closesLater, 1000);
    await settle(t);
    expect(await refundsOf(t, after.realtorId)).toEqual([expect.objectContaining({ type: 'BidRefunded' })]);
    expect(await t.deps.eventStore.readStream(biddingClosedStreamId(after.propertyId))).toHaveLength(1);
  });
});

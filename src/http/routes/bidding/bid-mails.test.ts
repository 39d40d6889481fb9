import { describe, expect, it } from 'vitest';
import { digestStreamId } from '../../../domain/notifications/bid-digest';
import type { BiddingApp } from '../../../testing/bidding';
import { listProperty, placeBid, registerHomeowner, registerRealtor, testClock } from '../../../testing/bidding';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';
import { createBidDigests } from '../../../processes/notifications/bid-digests';

const app = testAppPerTest();
const closes = '2026-12-06T10:00:00.000Z';

const tagged = async (t: TestApp, tag: string, to?: string) => (await t.mailed()).filter((mail) => mail.tag === tag && (to === undefined || mail.to === to));
const choose = (t: TestApp, cookie: string, body: Record<string, unknown>) => sendJson(t.app, 'PUT', '/api/user/notifications', body, cookie);

async function bid(t: BiddingApp, cookie: string, propertyId: string, amount = 150) {
  const res = await placeBid(t, cookie, propertyId, { amount });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function setUp() {
  const clock = testClock('2026-11-22T10:00:00.000Z');
  const t = await app({ now: clock.now });
  const owner = await registerHomeowner(t, { name: 'Olive Owner' });
  const realtors = [await registerRealtor(t, 5, { name: 'Rita Realtor' }), await registerRealtor(t, 5, { name: 'Otto Other' })] as const;
  const maple = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Maple Cottage' });
  const birch = await listProperty(t, owner.user.id, { biddingEndsAt: closes, title: 'Birch House' });
  return { t, clock, owner, realtors, maple, birch };
}

describe('bid mails to the owner', () => {
  it('instant (the default): one mail per bid, with the listing and amount and without the realtor', async () => {
    const { t, owner, realtors, maple } = await setUp();
    await bid(t, realtors[0].cookie, maple, 1500);
    // Mailed after the answer, by the process that follows the log (docs/decisions/0052).
    await t.processManagers.idle();
    const [mail, ...more] = await tagged(t, 'bid-received', owner.input.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('New bid on "Maple Cottage"');
    expect(mail?.text).toContain('A realtor placed a bid of $1,500 on "Maple Cottage".');
    expect(mail?.text).toContain(`http://localhost:3000/listing/${maple}`);
    expect(`${mail?.text}${mail?.html}`).not.toContain('Rita');
  });

  it('none: no mail at bids, and no digest', async () => {
    const { t, clock, owner, realtors, maple } = await setUp();
    expect((await choose(t, owner.cookie, { bidEmails: 'none' })).status).toBe(200);
    await bid(t, realtors[0].cookie, maple);
    await t.processManagers.idle();
    clock.set('2026-11-23T08:00:00.000Z');
    expect(await t.bidDigests.runOnce()).toBe(0);
    expect(t.outbox().filter((mail) => mail.to === owner.input.email && mail.tag?.startsWith('bid'))).toEqual([]);
  });

  it('daily: no mail at bids; one digest at the digest hour listing the bids since the choice, by listing; then nothing until new bids', async () => {
    const { t, clock, owner, realtors, maple, birch } = await setUp();
    await bid(t, realtors[0].cookie, maple); // before the choice: mailed at once
    clock.advance(60_000);
    expect((await choose(t, owner.cookie, { bidEmails: 'daily' })).status).toBe(200);
    clock.advance(60_000);
    await bid(t, realtors[1].cookie, maple);
    await bid(t, realtors[0].cookie, birch);
    await t.processManagers.idle();
    expect(await tagged(t, 'bid-received', owner.input.email)).toHaveLength(1);

    clock.set('2026-11-23T07:59:00.000Z');
    expect(await t.bidDigests.runOnce()).toBe(0);
    clock.set('2026-11-23T08:00:00.000Z');
    expect(await t.bidDigests.runOnce()).toBe(1);
    const [digest, ...more] = await tagged(t, 'bid-digest', owner.input.email);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('2 new bids on your listings');
    expect(digest?.text).toContain('"Maple Cottage": 1 new bid');
    expect(digest?.text).toContain('"Birch House": 1 new bid');
    expect(digest?.text).toContain(`http://localhost:3000/listing/${birch}`);

    // Later the same day, and the next day with no new bids: nothing.
    clock.set('2026-11-23T20:00:00.000Z');
    expect(await t.bidDigests.runOnce()).toBe(0);
    clock.set('2026-11-24T09:00:00.000Z');
    expect(await t.bidDigests.runOnce()).toBe(0);
    expect(await tagged(t, 'bid-digest')).toHaveLength(1);

    // A new bid goes into the next day's digest, alone.
    await bid(t, realtors[1].cookie, birch);
    expect(await t.bidDigests.runOnce()).toBe(1);
    expect((await tagged(t, 'bid-digest'))[1]?.subject).toBe('1 new bid on your listings');
    const events = await t.deps.eventStore.readStream(digestStreamId(owner.user.id));
    expect(events.map((e) => (e.data as { day: string; bidIds: string[] }).day)).toEqual(['2026-11-23', '2026-11-24']);
    expect(events.map((e) => (e.data as { bidIds: string[] }).bidIds.length)).toEqual([2, 1]);
  });

  it('daily: nodes racing for the same digest send it once', async () => {
    const { t, clock, owner, realtors, maple } = await setUp();
    expect((await choose(t, owner.cookie, { bidEmails: 'daily' })).status).toBe(200);
    clock.advance(60_000);
    await bid(t, realtors[0].cookie, maple);
    clock.set('2026-11-23T08:00:00.000Z');
    const node = () =>
      createBidDigests({ eventStore: t.deps.eventStore, readStore: t.deps.readStore, logger: t.logger, clock: clock.now });
    const sent = await Promise.all([node().runOnce(), node().runOnce(), t.bidDigests.runOnce()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await tagged(t, 'bid-digest', owner.input.email)).toHaveLength(1);
    expect(await t.deps.eventStore.readStream(digestStreamId(owner.user.id))).toHaveLength(1);
  });
});

describe('selection outcome mails to realtors', () => {
  it('go only to realtors who kept them on; the owner is told either way', async () => {
    const { t, clock, owner, realtors, maple } = await setUp();
    const [chosen, other] = realtors;
    const chosenBid = await bid(t, chosen.cookie, maple);
    await bid(t, other.cookie, maple);
    expect((await choose(t, chosen.cookie, { outcomeEmails: false })).status).toBe(200);
    clock.set(closes);
    expect((await sendJson(t.app, 'POST', `/api/properties/${maple}/select-bid`, { bidId: chosenBid }, owner.cookie)).status).toBe(200);
    await t.processManagers.idle();
    expect(await tagged(t, 'bid-selected')).toEqual([]);
    expect((await tagged(t, 'bid-not-selected')).map((mail) => mail.to)).toEqual([other.input.email]);
    expect((await tagged(t, 'bid-selection')).map((mail) => mail.to)).toEqual([owner.input.email]);
  });

  it('both go when neither turned them off', async () => {
    const { t, clock, owner, realtors, maple } = await setUp();
    const [chosen, other] = realtors;
    const chosenBid = await bid(t, chosen.cookie, maple);
    await bid(t, other.cookie, maple);
    expect((await choose(t, other.cookie, { outcomeEmails: false })).status).toBe(200);
    clock.set(closes);
    expect((await sendJson(t.app, 'POST', `/api/properties/${maple}/select-bid`, { bidId: chosenBid }, owner.cookie)).status).toBe(200);
    await t.processManagers.idle();
    expect((await tagged(t, 'bid-selected')).map((mail) => mail.to)).toEqual([chosen.input.email]);
    expect(await tagged(t, 'bid-not-selected')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../../domain/accounts/commands';
import { placeBid, registerRealtor } from '../../../testing/bidding';
import { send } from '../../../testing/admins';
import { listProperty, rootSession, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';

const app = testAppPerTest();

type Statement = Array<{ kind: string; reason: string; delta: number; balanceAfter: number }>;
type Dashboard = { credits: number; totalBids: number; achievements: Array<{ id: string; progress: number; completed: boolean }> };

const read = async <T>(t: TestApp, path: string, cookie: string) => {
  const res = await send(t, 'GET', path, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

/**
 * Once the refund process manager has reacted to everything in the log, the refund mails it owes are sent and
 * recorded (docs/decisions/0063), and the read models have seen those appends.
 */
async function settled(t: TestApp): Promise<void> {
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
  await t.bidRefunds.idle();
  await t.mailed();
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
}

describe('a realtor whose bids are refunded keeps no reward for them', () => {
  it('bid, have the listing deleted, repeat 6 times: 1 credit stays 1, the statement says why, and a rebuild agrees', async () => {
    const t = await app();
    const homeowner = await verifiedHomeowner(t, await rootSession(t));
    const realtor = await registerRealtor(t, 1);

    for (let round = 1; round <= 6; round++) {
      const listing = await listProperty(t, homeowner.cookie, { title: `Round ${round}` });
      expect((await placeBid(t, realtor.cookie, listing.id)).status).toBe(201);
      expect((await send(t, 'DELETE', `/api/properties/${listing.id}`, { cookie: homeowner.cookie })).status).toBe(200);
      await settled(t);
      expect((await read<{ credits: number }>(t, '/api/user', realtor.cookie)).credits).toBe(1);
    }

    // Every bid stays listed for its realtor, refunded.
    const bids = await read<Array<{ statusLabel: string }>>(t, '/api/bids', realtor.cookie);
    expect(bids.map((bid) => bid.statusLabel)).toEqual(Array(6).fill('Refunded'));
    const statement = await read<Statement>(t, '/api/credits/statement', realtor.cookie);
    // Newest first: each round is a bid, its First Bid reward, the refund and the reward's withdrawal.
    expect(statement.slice(0, 4).map((e) => [e.kind, e.delta, e.balanceAfter, e.reason])).toEqual([
      ['reward-withdrawn', -1, 1, 'First Bid reward withdrawn: its bid was refunded'],
      ['refund', 1, 2, 'Property deleted'],
      ['reward', 1, 1, 'Achievement completed: First Bid'],
      ['bid', -1, 0, expect.stringMatching(/^Bid on property /)],
    ]);
    expect(statement.filter((e) => e.kind === 'reward-withdrawn')).toHaveLength(6);
    expect(statement.reduce((sum, e) => sum + e.delta, 0)).toBe(1);
    expect(statement.every((e) => e.balanceAfter >= 0)).toBe(true);

    const dashboard = await read<Dashboard>(t, '/api/dashboard', realtor.cookie);
    expect(dashboard.credits).toBe(1);
    expect(dashboard.totalBids).toBe(6);
    expect(dashboard.achievements.map((a) => [a.id, a.progress, a.completed])).toEqual([
      ['first-bid', 0, false],
      ['bid-streak', 0, false],
      ['high-roller', 0, false],
    ]);

    // Replaying the log into fresh read models gives the same balance, statement and dashboard, and appends nothing.
    const head = await t.deps.eventStore.headPosition();
    const stream = await t.deps.eventStore.readStream(userStreamId(realtor.user.id));
    await t.runner.rebuild();
    await settled(t);
    expect(await t.deps.eventStore.headPosition()).toBe(head);
    expect(await t.deps.eventStore.readStream(userStreamId(realtor.user.id))).toHaveLength(stream.length);
    expect((await read<{ credits: number }>(t, '/api/user', realtor.cookie)).credits).toBe(1);
    expect(await read<Statement>(t, '/api/credits/statement', realtor.cookie)).toEqual(statement);
    expect(await read<Dashboard>(t, '/api/dashboard', realtor.cookie)).toEqual(dashboard);
  });

  it('keeps a reward whose achievement still stands on other bids, and pays it again only once re-earned', async () => {
    const t = await app();
    const homeowner = await verifiedHomeowner(t, await rootSession(t));
    const realtor = await registerRealtor(t, 2);
    const first = await listProperty(t, homeowner.cookie, { title: 'First' });
    const second = await listProperty(t, homeowner.cookie, { title: 'Second' });
    await placeBid(t, realtor.cookie, first.id);
    await placeBid(t, realtor.cookie, second.id);
    await settled(t);
    // 2 - 1 + 1 (First Bid) - 1.
    expect((await read<{ credits: number }>(t, '/api/user', realtor.cookie)).credits).toBe(1);

    await send(t, 'DELETE', `/api/properties/${first.id}`, { cookie: homeowner.cookie });
    await settled(t);
    // The second bid still stands, so First Bid stays and only the refund lands.
    expect((await read<{ credits: number }>(t, '/api/user', realtor.cookie)).credits).toBe(2);

    await send(t, 'DELETE', `/api/properties/${second.id}`, { cookie: homeowner.cookie });
    await settled(t);
    expect((await read<{ credits: number }>(t, '/api/user', realtor.cookie)).credits).toBe(2);

    const third = await listProperty(t, homeowner.cookie, { title: 'Third' });
    expect((await placeBid(t, realtor.cookie, third.id)).status).toBe(201);
    await settled(t);
    // A new standing bid completes First Bid again: 2 - 1 + 1.
    expect((await read<{ credits: number }>(t, '/api/user', realtor.cookie)).credits).toBe(2);
    const kinds = (await read<Statement>(t, '/api/credits/statement', realtor.cookie)).map((e) => e.kind);
    expect(kinds.slice(0, 4)).toEqual(['reward', 'bid', 'reward-withdrawn', 'refund']);
  });
});

import { describe, expect, it } from 'vitest';
import { placeBid, registerRealtor } from '../../../testing/bidding';
import { send } from '../../../testing/admins';
import { listProperty, propertyInput, rootSession, verifiedHomeowner } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { testAppPerTest } from '../../../testing/test-app';

const app = testAppPerTest();

type Entry = { kind: string; reason: string; description: string; href: string | null; delta: number };

async function statementOf(t: TestApp, cookie: string): Promise<Entry[]> {
  // The refund process manager appends after the delete's answer: wait for it and for the read models.
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
  await t.bidRefunds.idle();
  await t.runner.waitFor(await t.deps.eventStore.headPosition());
  const res = await send(t, 'GET', '/api/credits/statement', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Entry[];
}

describe('GET /api/credits/statement names what each entry is about', () => {
  it('names the listing of a bid and its refund by title, kept after the deletion, and links only to what still exists', async () => {
    const t = await app();
    const homeowner = await verifiedHomeowner(t, await rootSession(t));
    const realtor = await registerRealtor(t, 2);
    const kept = await listProperty(t, homeowner.cookie, { title: 'Sunny loft on Queen St' });
    const gone = await listProperty(t, homeowner.cookie, { title: 'Cottage by the lake' });
    expect((await placeBid(t, realtor.cookie, kept.id)).status).toBe(201);
    expect((await placeBid(t, realtor.cookie, gone.id)).status).toBe(201);
    expect((await send(t, 'DELETE', `/api/properties/${gone.id}`, { cookie: homeowner.cookie })).status).toBe(200);

    const statement = await statementOf(t, realtor.cookie);
    expect(statement.map((e) => [e.kind, e.description, e.href])).toEqual([
      ['refund', 'Refund: “Cottage by the lake” was deleted by its owner', null],
      ['bid', 'Bid on “Cottage by the lake” (listing since deleted)', null],
      ['reward', 'Achievement completed: First Bid', null],
      ['bid', 'Bid on “Sunny loft on Queen St”', `/listing/${kept.id}`],
      ['admin', 'Balance set to 2 by an administrator', null],
    ]);
    expect(statement.some((e) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(e.description))).toBe(false);
  });

  it('names the listing whose refund withdrew a reward, and follows a listing renamed after the bid', async () => {
    const t = await app();
    const homeowner = await verifiedHomeowner(t, await rootSession(t));
    const realtor = await registerRealtor(t, 1);
    const listing = await listProperty(t, homeowner.cookie, { title: 'Old name' });
    expect((await placeBid(t, realtor.cookie, listing.id)).status).toBe(201);
    expect((await send(t, 'PUT', `/api/properties/${listing.id}`, { cookie: homeowner.cookie, body: propertyInput({ title: 'Brick semi near the park', images: [] }) })).status).toBe(200);
    expect((await send(t, 'DELETE', `/api/properties/${listing.id}`, { cookie: homeowner.cookie })).status).toBe(200);

    const [withdrawn, refund] = await statementOf(t, realtor.cookie);
    expect(withdrawn).toMatchObject({
      kind: 'reward-withdrawn',
      description: 'First Bid reward withdrawn: its bid was refunded (your bid on “Brick semi near the park”)',
      href: null,
    });
    expect(refund).toMatchObject({ kind: 'refund', description: 'Refund: “Brick semi near the park” was deleted by its owner', reason: 'Property deleted' });
  });
});

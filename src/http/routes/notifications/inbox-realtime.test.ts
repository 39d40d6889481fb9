import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../contract/notifications/inbox';
import { expected } from '../../../event-store/port';
import { propertyListedData } from '../../../testing/bidding';
import { startLiveServer } from '../../../testing/live-server';
import { socketTestKit } from '../../../testing/socket-clients';

/*
 * Issue 27, items 3 and 4 (docs/decisions/0060): a new inbox entry reaches
 * its person's sockets, and only theirs, as `notification:new`.
 */

const { cleanups, socketWith } = socketTestKit();

describe('notification:new', () => {
  it('tells a realtor of a listing gone live in their area, and the owner of the bid that follows; neither hears the other\'s', async () => {
    const live = await startLiveServer();
    cleanups.push(() => live.stop());
    const owner = await live.seedUser('homeowner');
    // The seeded realtor's approved profile serves Downtown.
    const realtor = await live.seedUser('realtor', { credits: 1 });
    await live.seen(undefined);

    const heard: Record<string, NotificationItem[]> = { owner: [], realtor: [] };
    (await socketWith(live.url, owner.cookie)).on('notification:new', (item: NotificationItem) => heard.owner?.push(item));
    (await socketWith(live.url, realtor.cookie)).on('notification:new', (item: NotificationItem) => heard.realtor?.push(item));

    const propertyId = crypto.randomUUID();
    const listing = { ...propertyListedData(propertyId, owner.userId, { biddingEndsAt: '2099-01-01T00:00:00.000Z', title: 'Corner loft' }), area: 'Downtown' };
    await live.store.append(`property-${propertyId}`, [{ id: crypto.randomUUID(), type: 'PropertyListed', data: listing }], expected.noStream);
    await live.until(async () => heard.realtor?.length === 1);
    expect(heard.realtor?.[0]).toMatchObject({ kind: 'listing-in-area', title: 'New listing in Downtown', href: `/listing/${propertyId}`, readAt: null });

    const bid = await fetch(`${live.url}/api/properties/${propertyId}/bid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: realtor.cookie },
      body: JSON.stringify({ propertyId, amount: 150 }),
    });
    expect(bid.status).toBe(201);
    await live.until(async () => heard.owner?.length === 1);
    expect(heard.owner?.map((item) => [item.kind, item.body])).toEqual([['bid-received', 'A realtor bid $150 on “Corner loft”.']]);

    // What the push said is what the inbox holds.
    const inbox = (await (await fetch(`${live.url}/api/notifications`, { headers: { cookie: realtor.cookie } })).json()) as { items: NotificationItem[]; unread: number };
    expect(inbox.items.map((item) => item.id)).toContain(heard.realtor?.[0]?.id);
    expect(heard.realtor?.every((item) => item.kind !== 'bid-received')).toBe(true);
  });
});

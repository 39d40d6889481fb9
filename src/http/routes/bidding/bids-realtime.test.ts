import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { LiveServer } from '../../../testing/live-server';
import { startLiveServer } from '../../../testing/live-server';
import { socketTestKit } from '../../../testing/socket-clients';

const { cleanups, socketWith } = socketTestKit();

/** Everything `socket` hears, by event name. */
function recorder(socket: Socket) {
  const heard: Array<[string, Record<string, unknown>]> = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => heard.push([event, payload]));
  return {
    heard,
    next: (event: string) => new Promise<Record<string, unknown>>((resolve) => socket.once(event, resolve)),
  };
}

async function liveServer(): Promise<LiveServer> {
  const live = await startLiveServer();
  cleanups.push(() => live.stop());
  return live;
}

function post(live: LiveServer, path: string, body: unknown, cookie: string) {
  return fetch(`${live.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
}

describe('live bids on a running server', () => {
  it('pushes bid:placed to the owner, property:bids to watchers and the owner, credits:changed to the realtor', async () => {
    const live = await liveServer();
    const owner = await live.seedUser('homeowner', { name: 'Olive Owner' });
    const realtor = await live.seedUser('realtor', { name: 'Rita Realtor', phone: '+14165550122', credits: 3 });
    const watcher = await live.seedUser('realtor');
    const propertyId = await live.listProperty(owner.userId, { biddingEndsAt: '2099-01-01T00:00:00.000Z', title: 'Sunny loft' });
    await live.seen(undefined);

    const ownerSocket = recorder(await socketWith(live.url, owner.cookie));
    const watcherSocket = await socketWith(live.url, watcher.cookie);
    const watcherHeard = recorder(watcherSocket);
    const realtorSocket = recorder(await socketWith(live.url, realtor.cookie));
    expect(await watcherSocket.emitWithAck('property:watch', { propertyId })).toEqual({ ok: true });

    const placed = ownerSocket.next('bid:placed');
    const ownerCount = ownerSocket.next('property:bids');
    const watched = watcherHeard.next('property:bids');
    const credits = realtorSocket.next('credits:changed');
    const res = await post(live, `/api/properties/${propertyId}/bid`, { propertyId, amount: 150, message: 'Hello' }, realtor.cookie);
    expect(res.status).toBe(201);
    const bid = (await res.json()) as { id: string };

    const pushed = await placed;
    expect(pushed).toEqual({
      id: bid.id,
      propertyId,
      realtorId: realtor.userId,
      amount: 150,
      message: 'Hello',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      status: 'pending',
      statusLabel: 'Open',
      propertyTitle: 'Sunny loft',
      selected: false,
      // The owner learns the name with the contact, after choosing (issue 16, item 6).
      realtorName: '',
      realtorProfileImage: null,
      seenAt: null,
      position: expect.any(Number),
    });
    // The owner's push is redacted like the owner's list: no contact details while bidding is open.
    expect(JSON.stringify(pushed)).not.toContain(realtor.email);
    expect(JSON.stringify(pushed)).not.toContain('4165550122');
    expect(await watched).toEqual({ propertyId, bidCount: 1, position: pushed.position });
    expect(await ownerCount).toEqual({ propertyId, bidCount: 1, position: pushed.position });
    // The bid spends 1 (3 → 2); the First Bid reward adds 1 back (→ 3).
    expect(await credits).toEqual({ credits: 2, position: pushed.position });
    await live.until(async () => realtorSocket.heard.filter(([event]) => event === 'credits:changed').length === 2);
    expect(realtorSocket.heard.filter(([event]) => event === 'credits:changed').map(([, p]) => p.credits)).toEqual([2, 3]);
    // Nobody else hears about the bid.
    expect(watcherHeard.heard.map(([event]) => event)).toEqual(['property:bids']);
    expect(realtorSocket.heard.map(([event]) => event)).not.toContain('bid:placed');
  });

  it('pushes bid:seen to the realtor the first time the owner loads the bids, and bid:selected to every bidder once the owner selects', async () => {
    const live = await liveServer();
    const owner = await live.seedUser('homeowner');
    const realtor = await live.seedUser('realtor', { credits: 1 });
    const loser = await live.seedUser('realtor', { credits: 1 });
    // Bidding ends shortly: the bids go in first, then the end passes.
    const endsAt = new Date(Date.now() + 2000).toISOString();
    const propertyId = await live.listProperty(owner.userId, { biddingEndsAt: endsAt });
    await live.seen(undefined);
    const bid = (await (await post(live, `/api/properties/${propertyId}/bid`, { propertyId, amount: 100 }, realtor.cookie)).json()) as { id: string };
    expect((await post(live, `/api/properties/${propertyId}/bid`, { propertyId, amount: 120 }, loser.cookie)).status).toBe(201);
    const ownerSocket = recorder(await socketWith(live.url, owner.cookie));
    const realtorSocket = recorder(await socketWith(live.url, realtor.cookie));
    const loserSocket = recorder(await socketWith(live.url, loser.cookie));

    const seen = realtorSocket.next('bid:seen');
    const ownerList = await fetch(`${live.url}/api/properties/${propertyId}/bids`, { headers: { cookie: owner.cookie } });
    expect(ownerList.status).toBe(200);
    expect(await seen).toEqual({ propertyId, bidId: bid.id, seenAt: expect.any(String), position: expect.any(Number) });
    // A reload marks nothing again: nothing more is pushed (the selection's push below is the next the realtor hears).
    expect((await fetch(`${live.url}/api/properties/${propertyId}/bids`, { headers: { cookie: owner.cookie } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(endsAt) - Date.now() + 10)));

    const toOwner = ownerSocket.next('bid:selected');
    const toRealtor = realtorSocket.next('bid:selected');
    const toLoser = loserSocket.next('bid:selected');
    const selected = await post(live, `/api/properties/${propertyId}/select-bid`, { bidId: bid.id }, owner.cookie);
    expect(selected.status).toBe(200);
    const expectedPush = { propertyId, bidId: bid.id, realtorId: realtor.userId, selectedAt: expect.any(String), position: expect.any(Number) };
    expect(await toOwner).toEqual(expectedPush);
    expect(await toRealtor).toEqual(expectedPush);
    // The losing bidder hears it too, so their open listing page says "Not selected" (issue 27, item 5).
    expect(await toLoser).toEqual(expectedPush);
    expect(realtorSocket.heard.filter(([event]) => event === 'bid:seen')).toHaveLength(1);
    expect(loserSocket.heard.filter(([event]) => event === 'bid:seen')).toHaveLength(1);
  });
});

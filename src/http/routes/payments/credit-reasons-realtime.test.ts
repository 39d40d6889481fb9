import { describe, expect, it } from 'vitest';
import { propertyStreamId } from '../../../domain/listings/events';
import { expected } from '../../../event-store/port';
import { startLiveServer } from '../../../testing/live-server';
import { socketTestKit } from '../../../testing/socket-clients';

/*
 * Issue 16, item 3: a credit change the realtor did not directly ask for
 * reaches their sockets with its reason, so the client can say why.
 */

const { cleanups, socketWith } = socketTestKit();

describe('credits:changed reasons', () => {
  it('says a reward, a refund for a withdrawn listing and the reward taken back; a bid the realtor placed carries none', async () => {
    const live = await startLiveServer();
    cleanups.push(() => live.stop());
    const owner = await live.seedUser('homeowner');
    const realtor = await live.seedUser('realtor', { credits: 1 });
    const biddingEndsAt = '2099-01-01T00:00:00.000Z';
    const propertyId = await live.listProperty(owner.userId, { biddingEndsAt, title: 'Sunny loft' });
    await live.seen(undefined);

    const socket = await socketWith(live.url, realtor.cookie);
    const heard: Array<Record<string, unknown>> = [];
    socket.on('credits:changed', (payload: Record<string, unknown>) => heard.push(payload));

    const res = await fetch(`${live.url}/api/properties/${propertyId}/bid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: realtor.cookie },
      body: JSON.stringify({ propertyId, amount: 150 }),
    });
    expect(res.status).toBe(201);
    await live.until(async () => heard.length === 2);

    const at = new Date().toISOString();
    await live.store.append(
      propertyStreamId(propertyId),
      [{ id: crypto.randomUUID(), type: 'PropertyDeleted', data: { propertyId, ownerId: owner.userId, title: 'Sunny loft', biddingEndsAt, images: [], at } }],
      expected.streamExists,
    );
    await live.until(async () => heard.length === 4);

    expect(heard.map(({ credits, reason }) => [credits, reason])).toEqual([
      [0, undefined],
      [1, { kind: 'reward', label: 'First Bid completed: +1 credit' }],
      [2, { kind: 'refund', label: "Refund: listing 'Sunny loft' was withdrawn" }],
      [1, { kind: 'reward-withdrawn', label: 'First Bid reward withdrawn: its bid was refunded' }],
    ]);
  });
});

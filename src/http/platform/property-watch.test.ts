import { describe, expect, it } from 'vitest';
import { startLiveServer } from '../../testing/live-server';
import { socketTestKit } from '../../testing/socket-clients';

const { cleanups, socketWith } = socketTestKit();

describe('property:watch on a running server', () => {
  it('joins the room of an existing listing only: another room or an unknown id is refused', async () => {
    const live = await startLiveServer();
    cleanups.push(() => live.stop());
    const owner = await live.seedUser('homeowner');
    const realtor = await live.seedUser('realtor');
    const propertyId = await live.listProperty(owner.userId, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    await live.seen(undefined);
    const socket = await socketWith(live.url, realtor.cookie);
    const heard: string[] = [];
    socket.onAny((event: string) => heard.push(event));

    for (const attempt of ['admins', 'no-such-listing', `${propertyId}x`]) {
      expect(await socket.emitWithAck('property:watch', { propertyId: attempt })).toEqual({ ok: false, message: 'Property not found' });
    }
    expect(await socket.emitWithAck('property:watch', { propertyId })).toEqual({ ok: true });

    // Someone registering is admin activity: a socket that tried to join 'admins' must not hear it.
    const registration = { username: 'newcomer', password: 'Secret123', email: 'newcomer@example.com', name: 'New Comer', role: 'realtor' };
    const res = await fetch(`${live.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(registration) });
    expect(res.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });
});

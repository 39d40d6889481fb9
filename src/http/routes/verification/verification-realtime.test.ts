import { describe, expect, it } from 'vitest';
import { verificationStreamId } from '../../../domain/verification/events';
import { expected } from '../../../event-store/port';
import { startLiveServer } from '../../../testing/live-server';
import { socketTestKit } from '../../../testing/socket-clients';

const { cleanups, socketWith } = socketTestKit();

describe('the homeowner’s open pages learn the verification review live', () => {
  it('pushes homeowner:verification to the homeowner’s sockets, and no one else’s, when the bill is approved or rejected', async () => {
    const live = await startLiveServer();
    cleanups.push(() => live.stop());
    const owner = await live.seedUser('homeowner');
    const other = await live.seedUser('homeowner');
    await live.seen(undefined);
    const heard: unknown[] = [];
    const otherHeard: unknown[] = [];
    (await socketWith(live.url, owner.cookie)).on('homeowner:verification', (payload: unknown) => heard.push(payload));
    (await socketWith(live.url, other.cookie)).on('homeowner:verification', (payload: unknown) => otherHeard.push(payload));

    // The events an upload and two reviews through the back office append.
    const at = new Date().toISOString();
    const submitted = (verificationId: string, replaces: string | null) => ({
      id: crypto.randomUUID(),
      type: 'VerificationSubmitted',
      data: { verificationId, userId: owner.userId, documentType: 'utility_bill', documentKey: `bills/${verificationId}.pdf`, replaces, at },
    });
    const review = { adminId: 'admin-1', at };
    await live.store.append(verificationStreamId(owner.userId), [submitted('v1', null)], expected.noStream);
    const rejected = { id: crypto.randomUUID(), type: 'VerificationRejected', data: { verificationId: 'v1', userId: owner.userId, subject: 'Unreadable', message: 'Blurry.', ...review } };
    await live.store.append(verificationStreamId(owner.userId), [rejected], expected.streamExists);
    await live.store.append(verificationStreamId(owner.userId), [submitted('v2', null)], expected.streamExists);
    const approved = { id: crypto.randomUUID(), type: 'VerificationApproved', data: { verificationId: 'v2', userId: owner.userId, ...review } };
    await live.store.append(verificationStreamId(owner.userId), [approved], expected.streamExists);

    await live.until(async () => heard.length === 2);
    expect(heard).toEqual([
      { status: 'rejected', position: expect.any(Number) },
      { status: 'approved', position: expect.any(Number) },
    ]);
    expect(otherHeard).toEqual([]);
  });
});

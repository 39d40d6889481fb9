import { describe, expect, it } from 'vitest';
import { realtorProfileStreamId } from '../../../domain/realtor-profiles/profile';
import { expected } from '../../../event-store/port';
import { adminSessions } from '../../../testing/contact-legal';
import { get, registerUnvettedRealtor, testClock, vettedProfileEvents } from '../../../testing/bidding';
import { startLiveServer } from '../../../testing/live-server';
import { socketTestKit } from '../../../testing/socket-clients';
import { testAppPerTest } from '../../../testing/test-app';
import type { Row} from './realtor-verification.fixtures';
import { json, submittedRealtor, review } from './realtor-verification.fixtures';

const app = testAppPerTest();

describe('GET /api/admin/realtor-profiles: the review queue', () => {
  it('filters by verification status, pending oldest first, with the review fields; the document opens for administrators; every step is in the activity log', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const admins = await adminSessions(t);
    const never = await registerUnvettedRealtor(t, 0, { name: 'Nora Never' });
    const first = await submittedRealtor(t, 'Fay First');
    clock.advance(60_000);
    const second = await submittedRealtor(t, 'Sam Second');
    clock.advance(60_000);
    const third = await submittedRealtor(t, 'Tia Third');
    await review(t, admins.admin, third.user.id, 'approve');

    const list = async (query: string) => json<{ items: Row[]; nextCursor: string | null; total: number }>(await get(t, `/api/admin/realtor-profiles?${query}`, admins.moderator));
    const pending = await list('verificationStatus=pending');
    expect(pending.total).toBe(2);
    expect(pending.items).toEqual([
      expect.objectContaining({ userId: first.user.id, userName: 'Fay First', verificationStatus: 'pending', licenseNumber: 'L-123', brokerageName: 'Maple Realty', submittedAt: expect.any(String), verificationDocumentUrl: first.document }),
      expect.objectContaining({ userId: second.user.id, verificationStatus: 'pending' }),
    ]);
    // Keyset pages over the queue: each realtor once.
    const page1 = await list('verificationStatus=pending&limit=1');
    const page2 = await list(`verificationStatus=pending&limit=1&cursor=${page1.nextCursor}`);
    expect([...page1.items, ...page2.items].map((row) => row.userName)).toEqual(['Fay First', 'Sam Second']);
    expect(page2.nextCursor).toBeNull();
    expect((await list('verificationStatus=pending&sort=newest')).items.map((row) => row.userName)).toEqual(['Sam Second', 'Fay First']);
    expect((await list('verificationStatus=pending&search=sam')).items.map((row) => row.userName)).toEqual(['Sam Second']);
    expect((await list('verificationStatus=approved')).items.map((row) => row.userName)).toEqual(['Tia Third']);
    expect((await list('verificationStatus=not_submitted')).items).toEqual([expect.objectContaining({ userId: never.user.id, verificationStatus: 'not_submitted', submittedAt: null })]);
    const bad = await get(t, '/api/admin/realtor-profiles?verificationStatus=maybe', admins.moderator);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Verification status must be not_submitted, pending, approved or rejected' });

    // The document, for administrators, through a short-lived address; a key no profile carries is 404.
    const opened = await get(t, `/api/admin/realtor-document/${encodeURIComponent(first.document)}`, admins.moderator);
    expect(opened.status).toBe(200);
    const { url } = await json<{ url: string }>(opened);
    const file = await t.app.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await get(t, `/api/admin/realtor-document/${encodeURIComponent('bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf')}`, admins.moderator)).status).toBe(404);

    await review(t, admins.admin, first.user.id, 'reject', { subject: 'Licence not found', message: 'No such licence.' });
    await review(t, admins.admin, third.user.id, 'revoke', { reason: 'Lapsed.' });
    const activity = await json<{ items: Array<{ action: string; resourceId: string | null }> }>(await get(t, '/api/admin/activity?limit=100', admins.admin));
    const actions = activity.items.filter((entry) => entry.action.startsWith('realtor_verification.')).map((entry) => [entry.action, entry.resourceId]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['realtor_verification.submit', first.user.id],
        ['realtor_verification.submit', second.user.id],
        ['realtor_verification.approve', third.user.id],
        ['realtor_verification.reject', first.user.id],
        ['realtor_verification.revoke', third.user.id],
        ['realtor_verification.document_view', first.user.id],
      ]),
    );
  });
});

describe('the realtor’s open pages learn the review live', () => {
  const { cleanups, socketWith } = socketTestKit();

  it('pushes realtor:verification to the realtor’s sockets when the licence goes to review and is approved', async () => {
    const live = await startLiveServer();
    cleanups.push(() => live.stop());
    const realtor = await live.seedUser('realtor', { vetted: false });
    const other = await live.seedUser('realtor', { vetted: false });
    await live.seen(undefined);
    const socket = await socketWith(live.url, realtor.cookie);
    const otherSocket = await socketWith(live.url, other.cookie);
    const heard: Array<Record<string, unknown>> = [];
    const otherHeard: unknown[] = [];
    socket.on('realtor:verification', (payload: Record<string, unknown>) => heard.push(payload));
    otherSocket.on('realtor:verification', (payload: unknown) => otherHeard.push(payload));

    // The events an approval through the back office appends.
    await live.store.append(realtorProfileStreamId(realtor.userId), vettedProfileEvents(realtor.userId, new Date().toISOString()), expected.noStream);
    await live.until(async () => heard.length === 2);
    expect(heard.map(({ verificationStatus }) => verificationStatus)).toEqual(['pending', 'approved']);
    expect(otherHeard).toEqual([]);
  });
});

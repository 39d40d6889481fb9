import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationStreamId } from '../../../domain/verification/events';
import { send } from '../../../testing/admins';
import { FILES, rootSession, uploadBill } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { registerUser } from '../../../testing/user-session';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await rootSession(t);
});

afterAll(async () => {
  await t.close();
});

type Row = { id: string; userId: string; status: string; documentUrl: string; utilityBillUrl: string; [field: string]: unknown };

const json = async <T>(res: Response) => (await res.json()) as T;
const status = async (cookie: string) => json<Record<string, unknown>>(await send(t, 'GET', '/api/verification/status', { cookie }));
const queue = async () => (await json<{ items: Row[] }>(await send(t, 'GET', '/api/admin/verifications?limit=100', { cookie: admin }))).items;
const submit = (cookie: string, documentUrl: unknown) => send(t, 'POST', '/api/verification/submit', { cookie, body: { documentUrl } });
const rowOf = async (userId: string) => (await queue()).find((row) => row.userId === userId && row.status === 'pending');

async function homeownerWithPendingBill(name = 'Jane Doe') {
  const homeowner = await registerUser(t.app, { role: 'homeowner', name });
  const documentUrl = await uploadBill(t, homeowner.cookie);
  expect((await submit(homeowner.cookie, documentUrl)).status).toBe(200);
  const row = await rowOf(homeowner.user.id);
  if (!row) throw new Error('not queued');
  return { ...homeowner, documentUrl, row };
}

describe('a homeowner’s verification', () => {
  it('starts not submitted, then is pending with the submission time', async () => {
    const homeowner = await registerUser(t.app, { role: 'homeowner' });
    expect(await status(homeowner.cookie)).toEqual({ status: 'not_submitted' });
    const documentUrl = await uploadBill(t, homeowner.cookie);
    const res = await submit(homeowner.cookie, documentUrl);
    expect(res.status).toBe(200);
    const answer = await json<{ status: string; submittedAt: string }>(res);
    expect(answer).toEqual({ status: 'pending', submittedAt: expect.any(String) });
    expect(await status(homeowner.cookie)).toEqual(answer);
  });

  it('shows in the review queue with the bill key and the homeowner’s name and email', async () => {
    const { row, documentUrl, user } = await homeownerWithPendingBill('Queue Person');
    expect(row).toEqual({
      id: expect.any(String),
      userId: user.id,
      documentType: 'utility_bill',
      documentUrl,
      utilityBillUrl: documentUrl,
      status: 'pending',
      submittedAt: expect.any(String),
      reviewedAt: null,
      reviewedBy: null,
      reviewedByName: null,
      rejectionReason: null,
      adminNotes: null,
      userName: 'Queue Person',
      userEmail: user.email,
    });
  });

  it('replaces a pending submission with a newer one', async () => {
    const { cookie, user, row } = await homeownerWithPendingBill();
    const second = await uploadBill(t, cookie, FILES.png());
    expect((await submit(cookie, second)).status).toBe(200);
    const rows = (await queue()).filter((r) => r.userId === user.id);
    expect(rows.map((r) => [r.status, r.documentUrl])).toEqual([['pending', second]]);
    // The replaced submission left the queue: there is nothing to approve under its id.
    expect((await send(t, 'POST', `/api/admin/verifications/${row.id}/approve`, { cookie: admin })).status).toBe(404);
  });

  it('refuses a bill this homeowner did not upload, and keys that are not bills', async () => {
    const owner = await registerUser(t.app, { role: 'homeowner' });
    const other = await registerUser(t.app, { role: 'homeowner' });
    const theirs = await uploadBill(t, owner.cookie);
    const res = await submit(other.cookie, theirs);
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ message: 'You can only use files you uploaded' });
    for (const key of ['images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png', '../bills/x.pdf', 'https://example.com/bill.pdf']) {
      const refused = await submit(other.cookie, key);
      expect(refused.status, key).toBe(400);
      expect((await json<{ message: string }>(refused)).message).toBe('Please upload your utility bill first');
    }
    expect((await json<{ message: string }>(await submit(other.cookie, ''))).message).toBe('Please upload your utility bill first');
    expect(await status(other.cookie)).toEqual({ status: 'not_submitted' });
  });

  it('is approved by an administrator, which marks the user verified', async () => {
    const { cookie, row } = await homeownerWithPendingBill();
    const res = await send(t, 'POST', `/api/admin/verifications/${row.id}/approve`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: row.id, status: 'approved', reviewedAt: expect.any(String), reviewedBy: expect.any(String) });
    expect(await status(cookie)).toEqual({ status: 'approved', submittedAt: expect.any(String), reviewedAt: expect.any(String) });
    const me = await json<{ isVerified: boolean }>(await send(t, 'GET', '/api/user', { cookie }));
    expect(me.isVerified).toBe(true);
    // Approved twice is harmless; submitting again is refused.
    expect((await send(t, 'POST', `/api/admin/verifications/${row.id}/approve`, { cookie: admin })).status).toBe(200);
    const again = await submit(cookie, await uploadBill(t, cookie));
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ message: 'Your ownership is already verified' });
  });

  it('is rejected with a subject and message, which the homeowner is mailed, and may be resubmitted', async () => {
    const { cookie, user, row } = await homeownerWithPendingBill('Rita Reject');
    const sentBefore = (await t.mailed()).length;
    const body = { subject: 'Bill too old', message: 'Please upload a bill from the last 3 months. <b>Thanks</b>' };
    const res = await send(t, 'POST', `/api/admin/verifications/${row.id}/reject`, { cookie: admin, body });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'rejected', rejectionReason: body.message, emailSent: true });
    const mails = (await t.mailed()).slice(sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: user.email, subject: 'Bill too old' });
    expect(mails[0]?.text).toContain(body.message);
    expect(mails[0]?.text).toContain('http://localhost:3000/homeowner-profile');
    expect(mails[0]?.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(await status(cookie)).toEqual({ status: 'rejected', submittedAt: expect.any(String), reviewedAt: expect.any(String), rejectionReason: body.message });
    // A second click neither fails nor mails again.
    const twice = await send(t, 'POST', `/api/admin/verifications/${row.id}/reject`, { cookie: admin, body });
    expect(await json(twice)).toMatchObject({ status: 'rejected', emailSent: false });
    expect(await t.mailed()).toHaveLength(sentBefore + 1);
    // Resubmitting returns to pending; the rejected submission stays in the history.
    expect((await submit(cookie, await uploadBill(t, cookie))).status).toBe(200);
    expect((await queue()).filter((r) => r.userId === user.id).map((r) => r.status)).toEqual(['pending', 'rejected']);
    expect((await status(cookie)).status).toBe('pending');
  });

  it('needs both subject and message to reject', async () => {
    const { row } = await homeownerWithPendingBill();
    for (const body of [{}, { subject: 'Only a subject' }, { subject: ' ', message: 'Only a message' }]) {
      const res = await send(t, 'POST', `/api/admin/verifications/${row.id}/reject`, { cookie: admin, body });
      expect(res.status).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe('Please fill in both subject and message');
    }
  });

  it('answers 404 for an unknown verification', async () => {
    const res = await send(t, 'POST', '/api/admin/verifications/no-such/approve', { cookie: admin });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: 'Verification not found' });
  });

  it('records who did what in the verification stream', async () => {
    const { user, row } = await homeownerWithPendingBill();
    await send(t, 'POST', `/api/admin/verifications/${row.id}/approve`, { cookie: admin });
    const events = await t.deps.eventStore.readStream(verificationStreamId(user.id));
    expect(events.map((e) => e.type)).toEqual(['VerificationSubmitted', 'VerificationApproved']);
    expect(events[1]?.metadata).toMatchObject({ adminId: expect.any(String), ipAddress: '203.0.113.7' });
  });

  it('is submitted by homeowners only', async () => {
    const realtor = await registerUser(t.app, { role: 'realtor' });
    expect((await submit(realtor.cookie, 'bills/x.pdf')).status).toBe(403);
    expect(await status(realtor.cookie)).toEqual({ status: 'not_submitted' });
  });
});

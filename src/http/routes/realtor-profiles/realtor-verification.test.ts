import { describe, expect, it } from 'vitest';
import { ONLY_VERIFIED_REALTORS_BID, keepCompleteMessage } from '../../../contract/realtor-profiles/realtor-profiles';
import { realtorProfileStreamId } from '../../../domain/realtor-profiles/profile';
import { expected } from '../../../event-store/port';
import { adminSessions } from '../../../testing/contact-legal';
import { get, listProperty, placeBid, registerHomeowner, registerUnvettedRealtor, testClock } from '../../../testing/bidding';
import { FILES, upload, uploadBill } from '../../../testing/listings';
import { testAppPerTest } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';
import { closes, profile, json, own, credits, submittedRealtor, review } from './realtor-verification.fixtures';

/*
 * Realtor vetting (docs/decisions/0050): a complete profile with a licence
 * document goes to review, an administrator approves, rejects or revokes it,
 * and only an approved realtor bids.
 */

const app = testAppPerTest();

describe('Only pre-vetted, experienced realtors can bid', () => {
  it('refuses a realtor who never filled in a profile with 403, though they have credits, and keeps their credits', async () => {
    const t = await app();
    const owner = await registerHomeowner(t);
    const realtor = await registerUnvettedRealtor(t, 5);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    const res = await placeBid(t, realtor.cookie, propertyId);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: ONLY_VERIFIED_REALTORS_BID });
    expect(await credits(t, realtor.cookie)).toBe(5);
    expect(await json<unknown[]>(await get(t, `/api/properties/${propertyId}/bids`, owner.cookie))).toEqual([]);
  });
});

describe('realtors from before verification', () => {
  it('start as not_submitted, complete profile or not, and are refused bids until approved', async () => {
    const t = await app();
    const owner = await registerHomeowner(t);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    const realtor = await registerUnvettedRealtor(t, 5);
    // A profile saved before licence verification existed: every field of the time, no document, no review events.
    const { position } = await t.deps.eventStore.append(
      realtorProfileStreamId(realtor.user.id),
      [{ id: crypto.randomUUID(), type: 'RealtorProfileSaved', data: { userId: realtor.user.id, ...profile, profileImageUrl: null, at: '2026-01-05T10:00:00.000Z' } }],
      expected.noStream,
    );
    await t.runner.waitFor(position);
    expect(await own(t, realtor.cookie)).toMatchObject({ verificationStatus: 'not_submitted', isVerified: false, verification: { missing: ['Licence document'] } });
    expect((await placeBid(t, realtor.cookie, propertyId)).status).toBe(403);
    // The licence document is all they need to send: the save puts them in review.
    const document = await uploadBill(t, realtor.cookie);
    await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, verificationDocumentUrl: document }, realtor.cookie);
    expect((await own(t, realtor.cookie)).verificationStatus).toBe('pending');
  });
});

describe('licence verification', () => {
  it('submits a complete profile with an uploaded licence, refuses bids while pending (before the credit check), and lets the realtor bid once approved', async () => {
    const clock = testClock();
    const t = await app({ now: clock.now });
    const admins = await adminSessions(t);
    const owner = await registerHomeowner(t);
    const propertyId = await listProperty(t, owner.user.id, { biddingEndsAt: closes });
    const realtor = await registerUnvettedRealtor(t, 0, { name: 'Rita Realtor' });

    // Without the document: saved, but not in review, and the card names what is missing.
    await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, yearsOfExperience: 0 }, realtor.cookie);
    expect(await own(t, realtor.cookie)).toMatchObject({ verificationStatus: 'not_submitted', isVerified: false, verification: { missing: ['Years of experience', 'Licence document'] } });

    const document = await uploadBill(t, realtor.cookie, FILES.pdf());
    expect(document).toMatch(/^bills\//);
    clock.advance(60_000);
    const saved = await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, verificationDocumentUrl: document }, realtor.cookie);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ verificationStatus: 'pending', isVerified: false, verification: { documentUrl: document, submittedAt: clock.now().toISOString(), missing: [], rejection: null } });

    // Pending, and without a credit: still the verification sentence, since it is checked first.
    const refused = await placeBid(t, realtor.cookie, propertyId);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: ONLY_VERIFIED_REALTORS_BID });

    const approved = await review(t, admins.moderator, realtor.user.id, 'approve');
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ userId: realtor.user.id, verificationStatus: 'approved', emailSent: true });
    expect((await t.mailed()).at(-1)).toMatchObject({ to: realtor.input.email, subject: 'Your realtor licence is verified' });
    expect(await own(t, realtor.cookie)).toMatchObject({ verificationStatus: 'approved', isVerified: true });
    // Others see it too, without the document.
    const seen = await json<Record<string, unknown>>(await get(t, `/api/realtor-profile/${realtor.user.id}`, owner.cookie));
    expect(seen).toMatchObject({ verificationStatus: 'approved', isVerified: true });
    expect(seen).not.toHaveProperty('verification');

    // Approved, but out of credits: now the credit check speaks.
    const broke = await placeBid(t, realtor.cookie, propertyId);
    expect(broke.status).toBe(400);
    expect(await broke.json()).toMatchObject({ message: 'You need at least 1 credit to place a bid' });
    await sendJson(t.app, 'PUT', `/api/admin/users/${realtor.user.id}`, { credits: 2 }, admins.admin);
    expect((await placeBid(t, realtor.cookie, propertyId)).status).toBe(201);
  });

  it('sends an approved profile back to pending when its licence number or brokerage changes; bids already placed stay and can be edited', async () => {
    const t = await app();
    const admins = await adminSessions(t);
    const owner = await registerHomeowner(t);
    const [first, second] = [await listProperty(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' }), await listProperty(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' })];
    const realtor = await submittedRealtor(t);
    await review(t, admins.admin, realtor.user.id, 'approve');
    const bid = await json<{ id: string }>(await placeBid(t, realtor.cookie, first));

    // Another change keeps the approval.
    await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, about: 'Condos since 2006.' }, realtor.cookie);
    expect((await own(t, realtor.cookie)).verificationStatus).toBe('approved');

    await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, licenseNumber: 'L-999' }, realtor.cookie);
    expect((await own(t, realtor.cookie)).verificationStatus).toBe('pending');
    expect((await placeBid(t, realtor.cookie, second)).status).toBe(403);
    expect((await sendJson(t.app, 'PUT', `/api/bids/${bid.id}`, { message: 'Still keen.' }, realtor.cookie)).status).toBe(200);
    expect(await json<unknown[]>(await get(t, `/api/properties/${first}/bids`, owner.cookie))).toHaveLength(1);

    // What is under review cannot be taken away.
    const blanked = await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, licenseNumber: '' }, realtor.cookie);
    expect(blanked.status).toBe(400);
    expect(await blanked.json()).toMatchObject({ message: keepCompleteMessage(['Licence number']) });
  });

  it('is rejected with a subject and message, which are mailed and shown to the realtor, and goes back to review when the profile changes', async () => {
    const t = await app();
    const admins = await adminSessions(t);
    const realtor = await submittedRealtor(t);
    for (const body of [{ subject: '', message: 'Why' }, { subject: 'Subject', message: '  ' }, {}]) {
      const res = await review(t, admins.moderator, realtor.user.id, 'reject', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Please fill in both subject and message' });
    }
    const sentBefore = (await t.mailed()).length;
    const rejected = await review(t, admins.moderator, realtor.user.id, 'reject', { subject: 'Licence not found', message: 'The registry has no <b>L-123</b>.' });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ verificationStatus: 'rejected', rejectionSubject: 'Licence not found', emailSent: true });
    const mails = (await t.mailed()).slice(sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: realtor.input.email, subject: 'Licence not found' });
    expect(mails[0]?.text).toContain('http://localhost:3000/realtor-profile');
    expect(mails[0]?.html).toContain('&lt;b&gt;L-123&lt;/b&gt;');
    expect(await own(t, realtor.cookie)).toMatchObject({ verificationStatus: 'rejected', verification: { rejection: { subject: 'Licence not found', message: 'The registry has no <b>L-123</b>.' } } });

    // A second rejection is refused: it is no longer pending.
    const twice = await review(t, admins.moderator, realtor.user.id, 'reject', { subject: 'Again', message: 'Again' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: 'This realtor profile is not pending review' });

    const fresh = await uploadBill(t, realtor.cookie, FILES.jpeg());
    await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, verificationDocumentUrl: fresh }, realtor.cookie);
    expect(await own(t, realtor.cookie)).toMatchObject({ verificationStatus: 'pending', verification: { documentUrl: fresh } });
  });

  it('revokes an approved licence with a reason: no more bids until a new review, and bids already placed stay', async () => {
    const t = await app();
    const admins = await adminSessions(t);
    const owner = await registerHomeowner(t);
    const realtor = await submittedRealtor(t);
    const [first, second] = [await listProperty(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' }), await listProperty(t, owner.user.id, { biddingEndsAt: '2099-01-01T00:00:00.000Z' })];

    const early = await review(t, admins.admin, realtor.user.id, 'revoke', { reason: 'Lapsed' });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: 'Only an approved realtor can be revoked' });

    await review(t, admins.admin, realtor.user.id, 'approve');
    expect((await placeBid(t, realtor.cookie, first)).status).toBe(201);
    const noReason = await review(t, admins.admin, realtor.user.id, 'revoke', { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ message: 'Please give a reason' });
    const revoked = await review(t, admins.admin, realtor.user.id, 'revoke', { reason: 'The licence lapsed in November.' });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ verificationStatus: 'rejected', rejectionSubject: 'Licence verification revoked', rejectionMessage: 'The licence lapsed in November.', emailSent: true });
    expect((await t.mailed()).at(-1)).toMatchObject({ to: realtor.input.email, subject: 'Licence verification revoked' });

    expect((await placeBid(t, realtor.cookie, second)).status).toBe(403);
    expect(await json<unknown[]>(await get(t, `/api/properties/${first}/bids`, owner.cookie))).toHaveLength(1);
  });

  it('answers 404 for someone who is no realtor, and 409 for an approval of a profile not in review', async () => {
    const t = await app();
    const admins = await adminSessions(t);
    const homeowner = await registerHomeowner(t);
    const realtor = await registerUnvettedRealtor(t);
    for (const userId of [homeowner.user.id, 'no-such-user']) {
      const res = await review(t, admins.admin, userId, 'approve');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Realtor not found' });
    }
    const res = await review(t, admins.admin, realtor.user.id, 'approve');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'This realtor profile is not pending review' });
  });

  it("takes the licence as a JPG, PNG or PDF of at most 10 MB that the realtor uploaded, and no one else's", async () => {
    const t = await app();
    const realtor = await registerUnvettedRealtor(t);
    const rival = await registerUnvettedRealtor(t);
    const notAnImage = await upload(t, '/api/upload-document', { cookie: realtor.cookie, field: 'document', bytes: FILES.text(), name: 'licence.pdf' });
    expect(notAnImage.status).toBe(400);
    expect(await notAnImage.json()).toMatchObject({ message: 'Please upload a JPG, PNG, or PDF file' });
    const tooBig = await upload(t, '/api/upload-document', { cookie: realtor.cookie, field: 'document', bytes: FILES.pdf(10 * 1024 * 1024 + 1), name: 'licence.pdf' });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toMatchObject({ message: 'File size must be less than 10MB' });

    const theirs = await uploadBill(t, rival.cookie);
    const foreign = await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, verificationDocumentUrl: theirs }, realtor.cookie);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: 'You can only use files you uploaded' });
    const notAKey = await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, verificationDocumentUrl: 'https://example.com/licence.pdf' }, realtor.cookie);
    expect(notAKey.status).toBe(400);
    expect(await notAKey.json()).toMatchObject({ message: 'Licence document must be a JPG, PNG or PDF you uploaded' });
    expect(await t.deps.eventStore.readStream(realtorProfileStreamId(realtor.user.id))).toEqual([]);
  });
});

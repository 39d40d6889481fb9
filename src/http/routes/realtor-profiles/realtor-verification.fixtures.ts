import { expect } from 'vitest';
import { get, PROFILE_INPUT, registerUnvettedRealtor } from '../../../testing/bidding';
import { FILES, uploadBill } from '../../../testing/listings';
import type { TestApp } from '../../../testing/test-app';
import { sendJson } from '../../../testing/user-session';

/* The profile, reads and review calls the realtor vetting tests (realtor-verification*.test.ts) share. */

export const closes = '2026-12-06T10:00:00.000Z';
export const profile = PROFILE_INPUT;

export type Own = { verificationStatus: string; isVerified: boolean; verification: { documentUrl: string | null; submittedAt: string | null; missing: string[]; rejection: { subject: string; message: string } | null } };
export type Row = { userId: string; userName: string; verificationStatus: string; licenseNumber: string; brokerageName: string; submittedAt: string | null; verificationDocumentUrl: string | null };

export const json = async <T>(res: Response) => (await res.json()) as T;
export const own = async (t: TestApp, cookie: string) => json<Own>(await get(t, '/api/realtor-profile', cookie));
export const credits = async (t: TestApp, cookie: string) => (await json<{ credits: number }>(await get(t, '/api/user', cookie))).credits;

/** A realtor who uploads a licence document and saves a complete profile: pending review. */
export async function submittedRealtor(t: TestApp, name = 'Rita Realtor', credits = 3) {
  const realtor = await registerUnvettedRealtor(t, credits, { name });
  const document = await uploadBill(t, realtor.cookie, FILES.png());
  const res = await sendJson(t.app, 'POST', '/api/realtor-profile', { ...profile, verificationDocumentUrl: document }, realtor.cookie);
  expect(res.status).toBe(200);
  return { ...realtor, document };
}

export const review = (t: TestApp, cookie: string, userId: string, action: 'approve' | 'reject' | 'revoke', body?: unknown) =>
  sendJson(t.app, 'POST', `/api/admin/realtor-profiles/${userId}/${action}`, body, cookie);

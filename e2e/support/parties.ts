import type { Browser, Page } from 'playwright-core';
import { superAdmin } from './admin';
import { openSignedInPage } from './browser';
import { adminCookie } from './legal';
import { adminApi, apiCall, approveRealtorByApi, pendingVerificationOf, submitBillByApi } from './listings';

/**
 * The two sides of a listing, ready to act: a homeowner whose ownership an
 * administrator approved, and a realtor whose licence the administrator
 * approved (only approved realtors bid) and gave `credits`, each on a
 * signed-in page.
 */
export async function ownerAndRealtor(
  browser: Browser,
  baseURL: string,
  people: { owner: { username: string; password: string; email: string }; realtor: { username: string; password: string } },
  credits: number,
): Promise<{ ownerPage: Page; page: Page }> {
  const admin = await adminCookie(baseURL, superAdmin);
  const ownerPage = await openSignedInPage(browser, baseURL, people.owner);
  await submitBillByApi(ownerPage, baseURL);
  const submission = await pendingVerificationOf(baseURL, admin, people.owner.email);
  await adminApi(baseURL, admin, 'POST', `/api/admin/verifications/${submission.id}/approve`);
  const page = await openSignedInPage(browser, baseURL, people.realtor);
  const me = await apiCall<{ id: string }>(page, baseURL, 'GET', '/api/user');
  await approveRealtorByApi(page, baseURL, admin);
  await adminApi(baseURL, admin, 'PUT', `/api/admin/users/${me.id}`, { credits });
  return { ownerPage, page };
}

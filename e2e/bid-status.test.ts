import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { registerUser, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openSignedInPage, screenshotBoth, viewports } from './support/browser';
import { adminCookie } from './support/legal';
import { adminApi, apiCall, approveRealtorByApi, createListingByApi, pendingVerificationOf, submitBillByApi } from './support/listings';
import type { TestServer } from './support/server';

/*
 * Issue 16, item 4 in the browser: after the close and the owner's choice, the
 * realtor's Current Bids says "Selected" once, with no "Pending" beside it, a
 * rival's bid says "Not selected", and a bid on a deleted listing says
 * "Refunded"; the owner's list agrees.
 */

const owner: SeedUser = { username: 'sally_status', password: 'Homeowner1', name: 'Sally Status', email: 'sally@example.com', role: 'homeowner' };
// A long name, which the account card on a phone once cut short.
const agent: SeedUser = { username: 'cole_chosen', password: 'Realtor123', name: 'Cole Chosenwell-Harrington', email: 'cole@example.com', role: 'realtor' };
const rival: SeedUser = { username: 'nina_notchosen', password: 'Realtor123', name: 'Nina Notchosen', email: 'nina@example.com', role: 'realtor' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, agent, rival].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a bid’s status', () => {
  it('reads the same for the realtor and the owner, from the close to the choice, and a refunded bid says so', async () => {
    const admin = await adminCookie(server.url, superAdmin);
    const ownerPage = await openSignedInPage(browser, server.url, owner);
    await submitBillByApi(ownerPage, server.url);
    const submission = await pendingVerificationOf(server.url, admin, owner.email);
    await adminApi(server.url, admin, 'POST', `/api/admin/verifications/${submission.id}/approve`);
    const page = await openSignedInPage(browser, server.url, agent);
    const rivalPage = await openSignedInPage(browser, server.url, rival);
    for (const bidder of [page, rivalPage]) {
      const me = await apiCall<{ id: string }>(bidder, server.url, 'GET', '/api/user');
      await approveRealtorByApi(bidder, server.url, admin);
      await adminApi(server.url, admin, 'PUT', `/api/admin/users/${me.id}`, { credits: 2 });
    }
    // Bidding closes a few seconds after the bids, so the journey sees it open, then closed.
    const closesAt = Date.now() + 10_000;
    const listingId = await createListingByApi(ownerPage, server.url, { title: 'Status Street Bungalow', biddingEndsAt: new Date(closesAt).toISOString() });
    const goneId = await createListingByApi(ownerPage, server.url, { title: 'Soon Gone Cabin' });
    const bidders = await Promise.all(
      [page, rivalPage].map((bidder) => apiCall<{ id: string }>(bidder, server.url, 'POST', `/api/properties/${listingId}/bid`, { propertyId: listingId, amount: 150 })),
    );
    await apiCall(page, server.url, 'POST', `/api/properties/${goneId}/bid`, { propertyId: goneId, amount: 150 });
    await apiCall(ownerPage, server.url, 'DELETE', `/api/properties/${goneId}`);

    await page.goto('/realtor-profile');
    const current = page.getByRole('list', { name: 'Current Bids' });
    const row = current.getByRole('listitem').filter({ hasText: 'Status Street Bungalow' });
    await row.getByTestId('bid-status').getByText('Open', { exact: true }).waitFor();

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 500)));
    await page.reload();
    await row.getByTestId('bid-status').getByText('Awaiting the owner’s choice', { exact: true }).waitFor();
    await apiCall(ownerPage, server.url, 'POST', `/api/properties/${listingId}/select-bid`, { bidId: bidders[0]!.id });

    await page.reload();
    await row.getByTestId('bid-status').getByText('Selected', { exact: true }).waitFor();
    await row.getByText('Closed', { exact: true }).waitFor();
    // One state, not three that contradict each other.
    expect(await row.getByText(/pending/i).count()).toBe(0);
    expect(await row.getByTestId('bid-status').count()).toBe(1);
    const refunded = current.getByRole('listitem').filter({ hasText: 'Soon Gone Cabin' });
    await refunded.getByTestId('bid-status').getByText('Refunded', { exact: true }).waitFor();
    await refunded.getByText('Listing deleted', { exact: true }).waitFor();
    expect(await refunded.getByRole('link').count()).toBe(0);
    await screenshotBoth(page, 'bid-status-realtor-profile');
    // On a phone the account card shows the whole name, wrapped rather than cut.
    await page.setViewportSize(viewports.phone);
    const name = page.getByTestId('account-name');
    expect(await name.textContent()).toBe(agent.name);
    expect(await name.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
    await page.setViewportSize(viewports.desktop);
    await expectNoA11yViolations(page);

    await ownerPage.goto(`/listing/${listingId}`);
    const ownerRows = ownerPage.getByTestId('bid-row');
    await ownerRows.first().waitFor();
    expect((await ownerPage.getByTestId('bid-status').allTextContents()).sort()).toEqual(['Not selected', 'Selected']);
    await screenshotBoth(ownerPage, 'bid-status-owner-list');

    await rivalPage.goto('/realtor-profile');
    await rivalPage.getByRole('list', { name: 'Current Bids' }).getByTestId('bid-status').getByText('Not selected', { exact: true }).waitFor();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openSignedInPage, screenshotBoth, socketConnected, toast } from './support/browser';
import { adminCookie } from './support/legal';
import { adminApi, apiCall, approveRealtorByApi, createListingByApi, pendingVerificationOf, submitBillByApi } from './support/listings';
import type { TestServer } from './support/server';

/*
 * Issue 16 in the browser: finished listings say so (item 5), a realtor
 * who bid on a listing the marketplace paused is told so, with the bid kept
 * in their list (item 7), and credits that move without the realtor's doing
 * say why (item 3).
 */

const owner: SeedUser = { username: 'fiona_finish', password: 'Homeowner1', name: 'Fiona Finish', email: 'fiona@example.com', role: 'homeowner' };
const agent: SeedUser = { username: 'paul_paused', password: 'Realtor123', name: 'Paul Paused', email: 'paul@example.com', role: 'realtor' };
const newcomer: SeedUser = { username: 'nina_newcomer', password: 'Realtor123', name: 'Nina Newcomer', email: 'nina@example.com', role: 'realtor' };

let server: TestServer;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, agent, newcomer].map((person) => registerUser(server.url, person)));
  admin = await adminCookie(server.url, superAdmin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A verified owner's page (verification once per file) and a realtor's page with `credits`. */
async function setUp(credits: number): Promise<{ ownerPage: Page; realtorPage: Page }> {
  const ownerPage = await openSignedInPage(browser, server.url, owner);
  const status = await apiCall<{ status: string }>(ownerPage, server.url, 'GET', '/api/verification/status');
  if (status.status !== 'approved') {
    await submitBillByApi(ownerPage, server.url);
    const submission = await pendingVerificationOf(server.url, admin, owner.email);
    await adminApi(server.url, admin, 'POST', `/api/admin/verifications/${submission.id}/approve`);
  }
  const realtorPage = await openSignedInPage(browser, server.url, agent);
  const me = await apiCall<{ id: string }>(realtorPage, server.url, 'GET', '/api/user');
  await approveRealtorByApi(realtorPage, server.url, admin);
  await adminApi(server.url, admin, 'PUT', `/api/admin/users/${me.id}`, { credits });
  return { ownerPage, realtorPage };
}

const bidOn = (page: Page, listingId: string) =>
  apiCall<{ id: string }>(page, server.url, 'POST', `/api/properties/${listingId}/bid`, { propertyId: listingId, amount: 150 });

describe('listings after bidding', () => {
  it('mark a finished listing "Bidding closed" or "Realtor chosen" on /home and in My Properties', async () => {
    const { ownerPage: page, realtorPage } = await setUp(3);
    // Long enough for three listings and two bids on a busy machine; the test waits out the rest.
    const closesSoon = new Date(Date.now() + 8_000).toISOString();
    const chosen = await createListingByApi(page, server.url, { title: 'Chosen Chalet', biddingEndsAt: closesSoon });
    const closed = await createListingByApi(page, server.url, { title: 'Closed Cabin', biddingEndsAt: closesSoon });
    await createListingByApi(page, server.url, { title: 'Open Orchard' });
    const bid = await bidOn(realtorPage, chosen);
    await bidOn(realtorPage, closed);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(closesSoon) - Date.now() + 200)));
    await apiCall(page, server.url, 'POST', `/api/properties/${chosen}/select-bid`, { bidId: bid.id });

    const stageOf = (scope: ReturnType<Page['locator']>, title: string) =>
      scope.filter({ hasText: title }).getByTestId('listing-stage');
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Property Listings' }).waitFor();
    const homeCards = page.getByRole('link').filter({ has: page.getByRole('heading', { level: 2 }) });
    await stageOf(homeCards, 'Chosen Chalet').waitFor();
    expect(await stageOf(homeCards, 'Chosen Chalet').textContent()).toBe('Realtor chosen');
    expect(await stageOf(homeCards, 'Closed Cabin').textContent()).toBe('Bidding closed');
    expect(await stageOf(homeCards, 'Open Orchard').count()).toBe(0);
    await screenshotBoth(page, 'listing-stages-home');

    await page.goto('/homeowner-profile');
    const cards = page.getByTestId('owner-property-card');
    await cards.first().waitFor();
    expect(await stageOf(cards, 'Chosen Chalet').textContent()).toBe('Realtor chosen');
    expect(await stageOf(cards, 'Closed Cabin').textContent()).toBe('Bidding closed');
    expect(await cards.filter({ hasText: 'Open Orchard' }).getByText('Active', { exact: true }).isVisible()).toBe(true);
    expect(await cards.filter({ hasText: 'Chosen Chalet' }).getByText('Active', { exact: true }).count()).toBe(0);
    await screenshotBoth(page, 'listing-stages-my-properties');
  });

  it('tells a realtor who bid on a listing the marketplace paused that it is paused, and keeps the bid in their list', async () => {
    const { ownerPage: page, realtorPage } = await setUp(1);
    const listingId = await createListingByApi(page, server.url, { title: 'Paused Pavilion' });
    await bidOn(realtorPage, listingId);
    await adminApi(server.url, admin, 'PUT', `/api/admin/properties/${listingId}/toggle`);

    await realtorPage.goto(`/listing/${listingId}`);
    await realtorPage.getByRole('heading', { name: 'Paused Pavilion' }).waitFor();
    const notice = realtorPage.getByRole('status').filter({ hasText: 'Paused by the marketplace' });
    expect(await notice.getByText('The BidHome team has paused this listing, so it takes no bids for now. Your bid still stands and stays in your list.').isVisible()).toBe(true);
    expect(await realtorPage.getByText('Property not found').count()).toBe(0);
    await screenshotBoth(realtorPage, 'listing-paused-realtor');

    await realtorPage.goto('/realtor-profile');
    const row = realtorPage.getByRole('list', { name: 'Current Bids' }).getByRole('link').filter({ hasText: 'Paused Pavilion' });
    await row.waitFor();
    expect(await row.getByText('Paused by the marketplace', { exact: true }).isVisible()).toBe(true);
    await screenshotBoth(realtorPage, 'own-bids-paused');
  });

  it('tells a realtor why their credits moved when they did not move them: a reward, a refund and the reward taken back', async () => {
    const { ownerPage: page } = await setUp(0);
    const realtorPage = await openSignedInPage(browser, server.url, newcomer);
    const me = await apiCall<{ id: string }>(realtorPage, server.url, 'GET', '/api/user');
    await approveRealtorByApi(realtorPage, server.url, admin);
    const listingId = await createListingByApi(page, server.url, { title: 'Toast Terrace' });

    // The socket opens after the page loads: the administrator's change must come once it listens.
    const listening = socketConnected(realtorPage);
    await realtorPage.goto('/dashboard');
    await realtorPage.getByRole('heading', { name: 'Realtor Dashboard' }).waitFor();
    await listening;
    await adminApi(server.url, admin, 'PUT', `/api/admin/users/${me.id}`, { credits: 1 });
    await toast(realtorPage, 'An administrator set your balance to 1 credit').waitFor();

    await bidOn(realtorPage, listingId);
    await toast(realtorPage, 'First Bid completed: +1 credit').waitFor();
    expect(await toast(realtorPage, 'Your balance is now 1 credit.').isVisible()).toBe(true);

    await apiCall(page, server.url, 'DELETE', `/api/properties/${listingId}`);
    await toast(realtorPage, "Refund: listing 'Toast Terrace' was withdrawn").waitFor();
    expect(await toast(realtorPage, 'First Bid reward withdrawn: its bid was refunded. Your balance is now 1 credit.').isVisible()).toBe(true);
    await screenshotBoth(realtorPage, 'credits-refund-toast', { fullPage: false });
  });
});

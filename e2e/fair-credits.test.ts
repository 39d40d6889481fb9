import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startAdminTestServer, superAdmin, type SeedUser } from './support/admin';
import { launchBrowser, openSignedInPage, screenshotBoth, socketConnected } from './support/browser';
import { adminCookie } from './support/legal';
import { adminApi, apiCall, approveRealtorByApi, createListingByApi, pendingVerificationOf, submitBillByApi } from './support/listings';
import type { TestServer } from './support/server';

/*
 * Issue 27 in the browser (docs/decisions/0059): the losing realtor's open
 * listing page turns to "Not selected" when the owner chooses another bid,
 * with no reload; a bid the owner never opened is refunded at the close, and
 * the realtor's statement says why.
 */

const owner: SeedUser = { username: 'ora_owner', password: 'Homeowner1', name: 'Ora Owner', email: 'ora@example.com', role: 'homeowner' };
const winner: SeedUser = { username: 'wes_winner', password: 'Realtor123', name: 'Wes Winner', email: 'wes@example.com', role: 'realtor' };
const loser: SeedUser = { username: 'lou_loser', password: 'Realtor123', name: 'Lou Loser', email: 'lou@example.com', role: 'realtor' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, winner, loser].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('fair credits and live outcomes', () => {
  it('shows the losing realtor "Not selected" live, and refunds the bid the owner never opened at the close, saying why', async () => {
    const admin = await adminCookie(server.url, superAdmin);
    const ownerPage = await openSignedInPage(browser, server.url, owner);
    await submitBillByApi(ownerPage, server.url);
    const submission = await pendingVerificationOf(server.url, admin, owner.email);
    await adminApi(server.url, admin, 'POST', `/api/admin/verifications/${submission.id}/approve`);
    const winnerPage = await openSignedInPage(browser, server.url, winner);
    const loserPage = await openSignedInPage(browser, server.url, loser);
    for (const bidder of [winnerPage, loserPage]) {
      const me = await apiCall<{ id: string }>(bidder, server.url, 'GET', '/api/user');
      await approveRealtorByApi(bidder, server.url, admin);
      await adminApi(server.url, admin, 'PUT', `/api/admin/users/${me.id}`, { credits: 2 });
    }
    const closesAt = Date.now() + 10_000;
    const title = 'Fairview Townhouse';
    const listingId = await createListingByApi(ownerPage, server.url, { title, biddingEndsAt: new Date(closesAt).toISOString() });
    const [chosen] = await Promise.all(
      [winnerPage, loserPage].map((bidder) => apiCall<{ id: string }>(bidder, server.url, 'POST', `/api/properties/${listingId}/bid`, { propertyId: listingId, amount: 150 })),
    );

    // The owner never opens the listing's bids before the close; the losing realtor keeps the listing open.
    const connected = socketConnected(loserPage);
    await loserPage.goto(`/listing/${listingId}`);
    await connected;
    await loserPage.getByText('Not opened by the homeowner yet').waitFor();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 500)));
    const panel = loserPage.getByText('The homeowner selects one bid', { exact: false });
    await panel.waitFor();

    // The owner chooses the other bid; the loser's open page follows without a reload.
    await apiCall(ownerPage, server.url, 'POST', `/api/properties/${listingId}/select-bid`, { bidId: chosen!.id });
    await loserPage.getByText('Not selected', { exact: true }).first().waitFor();
    await loserPage.getByText('The homeowner chose another bid. Thank you for bidding.').waitFor();
    expect(await panel.count()).toBe(0);
    await screenshotBoth(loserPage, 'fair-credits-not-selected-live');

    // The loser's bid was never opened before the close: its credit came back, and the statement says why.
    await loserPage.goto('/dashboard');
    const refund = loserPage.getByTestId('statement-entry').filter({ hasText: `Refund of your bid on “${title}”: the homeowner never opened it before bidding closed` });
    await expect
      .poll(
        async () => {
          if ((await refund.count()) > 0) return true;
          await loserPage.reload();
          return (await refund.count()) > 0;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await screenshotBoth(loserPage, 'fair-credits-refund-statement');

    // The bid card says so too, and that the bid still stands.
    await loserPage.goto('/realtor-profile');
    const card = loserPage.getByRole('list', { name: 'Current Bids' }).getByRole('listitem').filter({ hasText: title });
    await card.getByTestId('credit-returned').getByText('Credit refunded: the homeowner never opened it before bidding closed. Your bid still stands.').waitFor();
    await screenshotBoth(loserPage, 'fair-credits-bid-card');
  });
});

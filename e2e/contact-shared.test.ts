import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerUser, startAdminTestServer, type SeedUser } from './support/admin';
import { launchBrowser, screenshotBoth } from './support/browser';
import { apiCall, createListingByApi } from './support/listings';
import { ownerAndRealtor } from './support/parties';
import type { TestServer } from './support/server';

/*
 * Issue 17, item 3 in the browser: before a selection both profiles say nobody
 * has seen the user's contact details; once the owner selects the realtor's
 * bid after the close, both profiles list the share with the other's name,
 * the listing and the date.
 */

const owner: SeedUser = { username: 'cora_contact', password: 'Homeowner1', name: 'Cora Contact', email: 'cora@example.com', role: 'homeowner' };
const agent: SeedUser = { username: 'sam_shared', password: 'Realtor123', name: 'Sam Shared', email: 'sam@example.com', role: 'realtor' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminTestServer(), launchBrowser()]);
  await Promise.all([owner, agent].map((person) => registerUser(server.url, person)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('contact shared', () => {
  it('lists the selection on both profiles, empty before it', async () => {
    const { ownerPage, page } = await ownerAndRealtor(browser, server.url, { owner, realtor: agent }, 1);

    const closesAt = Date.now() + 6_000;
    const listing = await createListingByApi(ownerPage, server.url, { title: 'Harbour Loft', location: 'Toronto, ON', biddingEndsAt: new Date(closesAt).toISOString() });
    const bid = await apiCall<{ id: string }>(page, server.url, 'POST', `/api/properties/${listing}/bid`, { propertyId: listing, amount: 150 });

    await page.goto('/realtor-profile');
    await page.getByText('Nobody has seen your contact details yet.').waitFor();
    await screenshotBoth(page, 'contact-shared-empty');

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 500)));
    await apiCall(ownerPage, server.url, 'POST', `/api/properties/${listing}/select-bid`, { bidId: bid.id });

    // The realtor's open page refreshes on the selection push.
    const realtorList = page.getByRole('list', { name: 'Contact shared' });
    await realtorList.getByText('Cora Contact').waitFor();
    await realtorList.getByText('Harbour Loft', { exact: false }).waitFor();
    await screenshotBoth(page, 'contact-shared-realtor');

    await ownerPage.goto('/homeowner-profile');
    const ownerList = ownerPage.getByRole('list', { name: 'Contact shared' });
    await ownerList.getByText('Sam Shared').waitFor();
    await ownerList.getByText('Harbour Loft', { exact: false }).waitFor();
    await screenshotBoth(ownerPage, 'contact-shared-owner');
  });
});

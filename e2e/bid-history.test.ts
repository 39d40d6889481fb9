import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from './support/a11y';
import { registerUser, startAdminTestServer, type SeedUser } from './support/admin';
import { launchBrowser, openPage, screenshotBoth, screenshotViewport, signInByApi } from './support/browser';
import { apiCall, createListingByApi } from './support/listings';
import { ownerAndRealtor } from './support/parties';
import type { TestServer } from './support/server';

/*
 * Issue 17, item 2 in the browser: a realtor changes their bid's message
 * twice, on the listing page; the owner, whose Current Bids is open, sees
 * 'Edited 2 times' arrive by itself and opens the history: the original
 * message and both edits, oldest first, with their times.
 */

const owner: SeedUser = { username: 'hilda_history', password: 'Homeowner1', name: 'Hilda History', email: 'hilda@example.com', role: 'homeowner' };
const agent: SeedUser = { username: 'ed_editor', password: 'Realtor123', name: 'Ed Editor', email: 'ed@example.com', role: 'realtor' };

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

describe('a bid’s history', () => {
  it('shows the owner how often a bid’s message changed, and every version of it', async () => {
    const { ownerPage, page } = await ownerAndRealtor(browser, server.url, { owner, realtor: agent }, 2);
    const listingId = await createListingByApi(ownerPage, server.url, { title: 'Revision Row Townhouse' });
    await apiCall(page, server.url, 'POST', `/api/properties/${listingId}/bid`, { propertyId: listingId, amount: 150, message: 'I sold three homes on this street.' });

    // The owner watches Current Bids: one bid, not edited.
    await ownerPage.goto(`/listing/${listingId}`);
    const bids = ownerPage.getByRole('list', { name: 'Bids' });
    const row = bids.getByTestId('bid-row');
    await row.getByText('I sold three homes on this street.').waitFor();
    expect(await row.getByTestId('bid-edited').count()).toBe(0);

    // The realtor edits twice, through the Edit Bid dialog.
    await page.goto(`/listing/${listingId}`);
    for (const message of ['I sold four homes on this street.', 'Four sales here this year, and a buyer waiting.']) {
      await page.getByRole('button', { name: 'Edit Bid' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit your bid' });
      await dialog.getByLabel('Message').fill(message);
      await dialog.getByRole('button', { name: 'Save message' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }

    // Live: the pushed edit refreshes the owner's list without a reload.
    await row.getByText('Four sales here this year, and a buyer waiting.').waitFor();
    await row.getByText('Edited 2 times', { exact: true }).waitFor();
    await expectNoA11yViolations(ownerPage);
    await screenshotBoth(ownerPage, 'bid-history-owner-list');

    await row.getByRole('button', { name: 'View history' }).click();
    const history = ownerPage.getByRole('dialog', { name: 'Message history' });
    const revisions = history.getByTestId('bid-revision');
    await revisions.nth(2).waitFor();
    expect(await revisions.allInnerTexts()).toEqual([
      expect.stringContaining('I sold three homes on this street.'),
      expect.stringContaining('I sold four homes on this street.'),
      expect.stringContaining('Four sales here this year, and a buyer waiting.'),
    ]);
    expect(await revisions.nth(0).getByText('Original message').count()).toBe(1);
    expect(await revisions.nth(2).getByText('Current').count()).toBe(1);
    expect(await history.locator('time').count()).toBe(3);
    // Messages and times only: the bidder stays anonymous until the owner chooses.
    expect(await history.getByText(agent.name).count()).toBe(0);
    await screenshotBoth(ownerPage, 'bid-history-dialog', { fullPage: false });

    // Closing returns focus to the button that opened it.
    await ownerPage.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    expect(await row.getByRole('button', { name: 'View history' }).evaluate((button) => button === document.activeElement)).toBe(true);

    // Loading, then a failed read with a way to try again, on a fresh page (a failed request is an expected console error there).
    const flaky = await openPage(browser, { baseURL: server.url, allowConsoleErrors: [/net::ERR_FAILED/] });
    await signInByApi(flaky, server.url, owner);
    await flaky.goto(`/listing/${listingId}`);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await flaky.route('**/api/bids/*/history', async (route) => {
      await held;
      await route.abort('failed');
    });
    await flaky.getByRole('button', { name: 'View history' }).click();
    const flakyHistory = flaky.getByRole('dialog', { name: 'Message history' });
    await flakyHistory.getByRole('status').getByText('Loading the history').waitFor({ state: 'attached' });
    await screenshotViewport(flaky, 'bid-history-dialog-loading');
    release();
    await flakyHistory.getByRole('alert').getByText('Failed to load the history').waitFor();
    await screenshotViewport(flaky, 'bid-history-dialog-error');
    await flaky.unroute('**/api/bids/*/history');
    await flakyHistory.getByRole('button', { name: 'Try again' }).click();
    await flakyHistory.getByTestId('bid-revision').nth(2).waitFor();
  });
});
